// frame: the RC-1000 frame's sequencer (appendix B): fetch/decode of GRIM
// messages from the two incoming queues of bank 0 (polled every 300 clocks)
// or the recycle buffer (always next when full), circuit selection from the
// function list (function fault when missing), scratchpad page check (page
// fault), forwarding-directory headers, the two slotted outgoing queues of
// bank 3 (out_queues), queue pointers, SRAM requests to the card's CPLD, and
// the frame's built-in handler (FRAME_H: set or kill a forwarding entry from
// a message, B.2.3's set_pipeline). The data path is in vec_reader (ports A,
// B), result_fifo and vec_writer (port C).
`default_nettype none
module frame #(parameter [8:0] POLL_CLOCKS = 9'd300) (
    input  wire        clk,
    input  wire        reset_h,
    // SRAM banks 0-3 (single ported; data the clock after the address)
    output wire [18:0] b0_addr, b1_addr, b2_addr, b3_addr,
    output wire [31:0] b0_wdata, b1_wdata, b2_wdata, b3_wdata,
    output wire        b0_we, b1_we, b2_we, b3_we,
    output wire        b0_re, b1_re, b2_re, b3_re,
    input  wire [31:0] b0_rdata, b1_rdata, b2_rdata, b3_rdata,
    // the CPLD: the FPGA's request register and the grants it holds
    output reg  [3:0]  req,
    input  wire [3:0]  gnt,
    // the 8-bit control/status port
    output wire [7:0]  status,
    input  wire [7:0]  ctrl,
    input  wire        ctrl_wr,
    // the canvas (appendix B.3), frame side
    output reg  [3:0]  sel,
    output reg         job_new,
    output reg  [3:0]  job_subop,
    output reg  [9:0]  job_ints,
    input  wire        job_done,
    output reg         operation_complete,
    input  wire        a_on, a_ack, b_on, b_ack, c_on, c_valid,
    output wire        a_valid, b_valid,
    output wire [31:0] a_data, b_data,
    output reg         c_ack,
    input  wire [31:0] c_data,
    input  wire [8:0]  present,
    // observation: the sequencer's state; a payload read / store this clock
    output wire [4:0]  phase,
    output wire        dbg_fetch,
    output wire        dbg_store
);
`include "frame_map.vh"
    localparam [4:0] S_INIT_ACQ = 0, S_INIT_RD = 1, S_IDLE = 2, S_ACQ0 = 3, S_POLL = 4,
                     S_HDR = 5, S_DECODE = 6, S_ACQ = 7, S_FWD = 8, S_SLOT = 9, S_START = 10,
                     S_RUN = 11, S_OHDR = 12, S_DONE = 13, S_QPTR = 14, S_REL = 15,
                     S_FAULT_WR = 16, S_SUSPEND = 17, S_DIRRD = 18, S_DIRWR = 19, S_NOJOB = 20,
                     S_DROPWR = 21;
    reg [4:0] st;
    assign phase = st;

    // runtime state loaded from bank 0
    reg [15:0] fid [0:8];
    reg [8:0]  page1, page2;
    reg [18:0] head0, head1;
    reg [15:0] ep;
    // the message being processed
    reg [31:0] h [0:7];
    reg [31:0] fw [0:7];
    reg [1:0]  src;               // 0 queue 0, 1 queue 1, 2 recycle buffer
    reg [18:0] tail0;
    reg        recycle_full;
    wire [5:0] produced;
    wire       q_adv;              // out_queues: the slot is written, move on (at S_DONE's edge)
    reg [15:0] drops;              // messages whose forwarding entry was killed (CTL_DROPS)
    reg        unset;              // the fault is an unset forwarding entry (word 0 is 0)
    reg [1:0]  skind;             // status: ST_RUN / ST_FFAULT / ST_PFAULT
    reg [8:0]  timer;
    assign status = {skind, produced};

    // decoded fields (Table B.1)
    wire [7:0]  fwd_id = h[4][31:24];
    wire        a_drv = h[4][23], b_drv = h[4][22], c_drv = h[4][21];
    wire [10:0] nwords = h[4][9:0] == 10'd0 ? 11'd1024 : {1'b0, h[4][9:0]};
    wire [15:0] handler = h[3][15:0];
    wire        out_msg = !c_drv || h[7][31];     // a generated message ...
    wire        out_recycle = !c_drv;              // ... into the recycle buffer, else the queue
    wire        out_queue = c_drv && h[7][31];
    wire        out_q1 = out_queue && h[7][30];      // Arg[3] bit 30: outgoing queue 1 (our choice)
    wire [18:0] slot_base;
    // the frame's built-in handler: sub-op 1 copies the payload's 8 words into
    // forwarding entry fwd_id, sub-op 2 marks the entry killed
    wire        is_fop = handler == FRAME_H;
    wire        fop_kill = h[4][13:10] == FOP_KILL;
    wire        fop_ok = (h[4][13:10] == FOP_SET && h[2][31:16] >= 16'd8) || fop_kill;
    wire        c_scratch = c_drv && !h[7][31];
    wire [18:0] msg_base = src == 2'd2 ? RECYCLE
                         : (src == 2'd0 ? Q0_BASE + Q_RING + head0 : Q1_BASE + Q_RING + head1);

    // circuit match
    reg  [3:0] match;
    reg        found;
    integer    m;
    always @* begin
        match = 4'd0; found = 0;
        for (m = 0; m < 8; m = m + 1)
            if (!found && fid[m] != 16'd0 && fid[m] == handler && present[m]) begin
                match = m[3:0]; found = 1;
            end
        if (!found && fid[8] != 16'd0 && fid[8] == handler && present[8]) begin
            match = 4'd8; found = 1;
        end
    end
    // page check: which frame (bank 1 or 2) holds a virtual page, 0 if none
    function [1:0] frame_of(input [7:0] vpn);
        if ({1'b0, vpn} == page1) frame_of = 2'd1;
        else if ({1'b0, vpn} == page2) frame_of = 2'd2;
        else frame_of = 2'd0;
    endfunction
    wire [1:0] fa = frame_of(h[5][28:21]), fb = frame_of(h[6][28:21]), fc = frame_of(h[7][28:21]);
    wire miss_a = a_drv && fa == 2'd0, miss_b = b_drv && fb == 2'd0, miss_c = c_scratch && fc == 2'd0;
    wire a_bank_ok = !a_drv || !b_drv || fa != fb;   // two streams in one bank: not supported
    reg  [3:0] need;
    always @* begin
        need = 4'b0001;
        if (out_queue) need[3] = 1;
        if (a_drv) need[fa] = 1;
        if (b_drv) need[fb] = 1;
        if (c_scratch) need[fc] = 1;
    end
    reg [3:0] held;

    // data path
    reg         go, stop;
    wire [1:0]  a_bank = a_drv ? fa : 2'd0;
    wire [1:0]  b_bank = fb;
    wire [1:0]  c_bank = out_queue ? 2'd3 : out_recycle ? 2'd0 : fc;
    wire [18:0] a_base = a_drv ? h[5][18:0] : msg_base + 19'd8;
    wire [18:0] c_base = out_queue ? slot_base + 19'd8 : out_recycle ? RECYCLE + 19'd8 : h[7][18:0];
    wire        ra_act, rb_act, wc_act, ra_re, rb_re, wc_we, ra_drained, rb_drained, ra_issue, rb_issue;
    wire [18:0] ra_addr, rb_addr, wc_addr;
    wire [31:0] wc_wdata, ra_rdata, rb_rdata, fifo_dout;
    wire [10:0] written;
    wire        fifo_empty, fifo_full, fifo_pop, wc_busy;
    wire        same_bank = (c_bank == a_bank) || (b_drv && c_bank == b_bank);
    wire        may_store = !same_bank || (ra_drained && (rb_drained || !b_drv));
    wire        c_take = st == S_RUN && c_valid && !fifo_full;

    vec_reader u_ra (.clk(clk), .reset_h(reset_h), .start(go), .use_const(1'b0), .konst(32'd0),
        .base(a_base), .len(nwords), .stop(stop), .act(ra_act), .addr(ra_addr), .re(ra_re),
        .rdata(ra_rdata), .issued_now(ra_issue), .drained(ra_drained), .port_on(a_on),
        .port_valid(a_valid), .port_data(a_data), .port_ack(a_ack));
    vec_reader u_rb (.clk(clk), .reset_h(reset_h), .start(go), .use_const(!b_drv), .konst(h[6]),
        .base(h[6][18:0]), .len(nwords), .stop(stop), .act(rb_act), .addr(rb_addr), .re(rb_re),
        .rdata(rb_rdata), .issued_now(rb_issue), .drained(rb_drained), .port_on(b_on),
        .port_valid(b_valid), .port_data(b_data), .port_ack(b_ack));
    result_fifo u_fifo (.clk(clk), .reset_h(reset_h || stop), .push(c_take), .din(c_data),
        .pop(fifo_pop), .dout(fifo_dout), .empty(fifo_empty), .full(fifo_full));
    vec_writer u_wc (.clk(clk), .reset_h(reset_h), .start(go), .base(c_base), .enable(may_store),
        .stop(stop), .fifo_empty(fifo_empty), .fifo_dout(fifo_dout), .fifo_pop(fifo_pop),
        .act(wc_act), .addr(wc_addr), .wdata(wc_wdata), .we(wc_we), .written(written),
        .busy(wc_busy));
    assign q_adv = st == S_DONE && out_queue;
    out_queues #(.Q1_OFF(OQ1_OFF)) u_oq (.clk(clk), .reset_h(reset_h), .q(out_q1), .advance(q_adv),
        .base(slot_base), .produced(produced));
    assign dbg_fetch = ra_issue;
    assign dbg_store = wc_busy;
    wire unused = &{1'b0, rb_issue, c_on, h[2][15:0], h[0][30:0], h[1], h[5][20:19],
                    h[6][20:19], h[7][29], h[7][20:19]};

    // the sequencer's own SRAM accesses (header, directory, control block);
    // in a write state the write list drives address and data
    wire        rd_state = st == S_INIT_RD || st == S_POLL || st == S_HDR || st == S_FWD || st == S_SLOT ||
                           st == S_DIRRD;
    wire        wr_state = st == S_OHDR || st == S_QPTR || st == S_FAULT_WR || st == S_DIRWR || st == S_DROPWR;
    reg  [52:0] wr;                      // {bank, address, data} of the current list word
    wire [1:0]  p_bank;
    wire [18:0] p_addr;
    wire [31:0] p_wdata;
    reg  [1:0]  m_bank;
    reg  [18:0] m_addr;
    reg         m_we, m_re;
    reg  [31:0] m_rdata;
    always @* case (m_bank)
        2'd0: m_rdata = b0_rdata; 2'd1: m_rdata = b1_rdata;
        2'd2: m_rdata = b2_rdata; default: m_rdata = b3_rdata;
    endcase
    function [31:0] bank_rd(input [1:0] b, input [31:0] r0, input [31:0] r1, input [31:0] r2,
                            input [31:0] r3);
        case (b) 2'd0: bank_rd = r0; 2'd1: bank_rd = r1; 2'd2: bank_rd = r2; default: bank_rd = r3; endcase
    endfunction
    assign ra_rdata = bank_rd(a_bank, b0_rdata, b1_rdata, b2_rdata, b3_rdata);
    assign rb_rdata = bank_rd(b_bank, b0_rdata, b1_rdata, b2_rdata, b3_rdata);

`define BANK_PORT(K) \
    assign b``K``_addr  = (ra_act && a_bank == K) ? ra_addr : (rb_act && b_bank == K) ? rb_addr : \
                          (wc_act && c_bank == K) ? wc_addr : p_bank == K ? p_addr : 19'd0; \
    assign b``K``_re    = (ra_act && a_bank == K) ? ra_re : (rb_act && b_bank == K) ? rb_re : \
                          (wc_act && c_bank == K) ? 1'b0 : p_bank == K && m_re; \
    assign b``K``_we    = (ra_act && a_bank == K) ? 1'b0 : (rb_act && b_bank == K) ? 1'b0 : \
                          (wc_act && c_bank == K) ? wc_we : p_bank == K && m_we; \
    assign b``K``_wdata = (wc_act && c_bank == K) ? wc_wdata : p_wdata;
    `BANK_PORT(0)
    `BANK_PORT(1)
    `BANK_PORT(2)
    `BANK_PORT(3)
`undef BANK_PORT

    // read and write lists of the sequencer's states
    reg [4:0]  ri, ci, wi, rn, wn;
    reg [1:0]  wp;
    reg [1:0]  fkind;
    reg [18:0] new_head;
    function [20:0] rd_at(input [4:0] s, input [4:0] i);   // {bank, address}
        case (s)
        S_INIT_RD: rd_at = i < 5'd9 ? {2'd0, CTL_BASE + {14'd0, i}}
                         : i < 5'd11 ? {2'd0, CTL_PAGE + {14'd0, i} - 19'd9}
                         : i < 5'd13 ? {2'd0, CTL_HEADS + {14'd0, i} - 19'd11} : {2'd0, CTL_EP};
        S_POLL:    rd_at = {2'd0, i == 5'd0 ? Q0_BASE : Q1_BASE};
        S_HDR:     rd_at = {2'd0, msg_base + {14'd0, i}};
        S_FWD:     rd_at = {2'd0, DIR_BASE + {8'd0, fwd_id, 3'd0} + {14'd0, i}};
        S_DIRRD:   rd_at = {2'd0, msg_base + 19'd8 + {14'd0, i}};   // the new entry: payload words 0-7
        default:   rd_at = {2'd3, slot_base};                   // S_SLOT
        endcase
    endfunction
    wire [4:0] ohdr_i = wi == 5'd7 ? 5'd0 : wi + 5'd1;   // words 1..7, then word 0 (marks the slot full)
    wire [18:0] out_base = out_queue ? slot_base : RECYCLE;
    function [31:0] missing(input miss, input [7:0] vpn);
        missing = miss ? {24'd0, vpn} : {23'd0, PAGE_NONE};
    endfunction
    always @* begin
        case (st)
        S_OHDR: wr = {out_recycle ? 2'd0 : 2'd3, out_base + {14'd0, ohdr_i},
                      ohdr_i == 5'd1 ? {fw[1][31:16], ep}
                    : ohdr_i == 5'd2 ? {5'd0, written, fw[2][15:0]} : fw[ohdr_i[2:0]]};
        S_QPTR: wr = {2'd0, (src == 2'd0 ? Q0_BASE : Q1_BASE) + 19'd1, 13'd0, new_head};
        S_DIRWR: wr = {2'd0, DIR_BASE + {8'd0, fwd_id, 3'd0} + {14'd0, wi},
                       fop_kill ? (wi == 5'd0 ? FWD_KILLED : 32'd0) : fw[wi[2:0]]};
        S_DROPWR: wr = {2'd0, CTL_DROPS, 16'd0, drops};
        default: case (wi)                                       // S_FAULT_WR
            5'd0: wr = {2'd0, CTL_FAULT, fkind, 5'd0, unset, unset ? fwd_id : 8'd0, handler};
            5'd1: wr = {2'd0, CTL_FAULT + 19'd1, missing(miss_a, h[5][28:21])};
            5'd2: wr = {2'd0, CTL_FAULT + 19'd2, missing(miss_b, h[6][28:21])};
            5'd3: wr = {2'd0, CTL_FAULT + 19'd3, missing(miss_c, h[7][28:21])};
            5'd4: wr = {2'd0, CTL_HEADS, 13'd0, head0};
            default: wr = {2'd0, CTL_HEADS + 19'd1, 13'd0, head1};
            endcase
        endcase
    end

    assign p_bank  = wr_state ? wr[52:51] : m_bank;
    assign p_addr  = wr_state ? wr[50:32] : m_addr;
    assign p_wdata = wr[31:0];
    // m_re is registered: while it is high the SRAM answers the read issued
    // at the last edge, so its data is on m_rdata at this edge.
    wire rd_last  = m_re && ci + 5'd1 == rn;        // the last word of the list arrives now
    wire wr_last  = wp == 2'd2 && wi + 5'd1 == wn;
    integer z;

    always @(posedge clk) begin
        if (reset_h) begin
            st <= S_INIT_ACQ; req <= 0; held <= 0; sel <= 0; job_new <= 0; job_subop <= 0;
            job_ints <= 0; operation_complete <= 0; c_ack <= 0; go <= 0; stop <= 0;
            m_bank <= 0; m_addr <= 0; m_we <= 0; m_re <= 0;
            ri <= 0; ci <= 0; wi <= 0; wp <= 0; rn <= 0; wn <= 0; src <= 0; fkind <= 0;
            recycle_full <= 0; drops <= 0; unset <= 0; skind <= ST_RUN; timer <= 0;
            head0 <= 0; head1 <= 0; tail0 <= 0; page1 <= PAGE_NONE; page2 <= PAGE_NONE;
            ep <= 0; new_head <= 0;
            for (z = 0; z < 9; z = z + 1) fid[z] <= 0;
        end else begin
            go <= 0; stop <= 0; operation_complete <= 0;
            c_ack <= c_take;
            // the read list: one address per clock, data the clock after
            if (rd_state) begin
                if (ri < rn) begin
                    {m_bank, m_addr} <= rd_at(st, ri); m_re <= 1; ri <= ri + 1;
                end else m_re <= 0;
                if (m_re) ci <= ci + 1;
            end else m_re <= 0;
            // the write list: three clocks a word
            // the write list: three clocks a word (address and data from the
            // list as soon as the word is current, strobe, release)
            if (wr_state && wi < wn) begin
                case (wp)
                2'd0: begin m_we <= 1; wp <= 2'd1; end
                2'd1: begin m_we <= 0; wp <= 2'd2; end
                default: begin wi <= wi + 1; wp <= 2'd0; end
                endcase
            end
            case (st)
            S_INIT_ACQ: begin
                req <= 4'b0001; held <= 4'b0001;
                if (gnt[0]) begin st <= S_INIT_RD; ri <= 0; ci <= 0; rn <= 5'd14; end
            end
            S_INIT_RD: if (m_re) begin
                if (ci < 5'd9) fid[ci[3:0]] <= m_rdata[15:0];
                else if (ci == 5'd9) page1 <= m_rdata[8:0];
                else if (ci == 5'd10) page2 <= m_rdata[8:0];
                else if (ci == 5'd11) head0 <= m_rdata[18:0];
                else if (ci == 5'd12) head1 <= m_rdata[18:0];
                else ep <= m_rdata[15:0];
                if (rd_last) st <= S_REL;
            end
            S_IDLE: begin
                timer <= timer + 1;
                if (recycle_full || timer + 9'd1 == POLL_CLOCKS) begin
                    timer <= 0; st <= S_ACQ0; req <= 4'b0001; held <= 4'b0001;
                end
            end
            S_ACQ0: if (gnt[0]) begin
                if (recycle_full) begin src <= 2'd2; st <= S_HDR; ri <= 0; ci <= 0; rn <= 5'd8; end
                else begin st <= S_POLL; ri <= 0; ci <= 0; rn <= 5'd2; end
            end
            S_POLL: if (m_re) begin
                if (ci == 5'd0) tail0 <= m_rdata[18:0];
                else begin
                    ri <= 0; ci <= 0; rn <= 5'd8;
                    if (tail0 != head0) begin src <= 2'd0; st <= S_HDR; end
                    else if (m_rdata[18:0] != head1) begin src <= 2'd1; st <= S_HDR; end
                    else st <= S_REL;
                end
            end
            S_HDR: if (m_re) begin
                h[ci[2:0]] <= m_rdata;
                if (rd_last) st <= S_DECODE;
            end
            S_DECODE: begin
                if (h[0] == Q_WRAP && src != 2'd2) begin      // ring restarts at 0
                    new_head <= 0; st <= S_QPTR; wi <= 0; wp <= 0; wn <= 5'd1;
                end else if (is_fop) begin                    // bank 0 is held: the directory is there
                    if (!fop_ok) begin fkind <= ST_BADREQ; st <= S_FAULT_WR; wi <= 0; wp <= 0; wn <= 5'd6; end
                    else if (fop_kill) begin st <= S_DIRWR; wi <= 0; wp <= 0; wn <= 5'd8; end
                    else begin st <= S_DIRRD; ri <= 0; ci <= 0; rn <= 5'd8; end
                end else if (!found) begin
                    fkind <= ST_FFAULT; st <= S_FAULT_WR; wi <= 0; wp <= 0; wn <= 5'd6;
                end else if (miss_a || miss_b || miss_c) begin
                    fkind <= ST_PFAULT; st <= S_FAULT_WR; wi <= 0; wp <= 0; wn <= 5'd6;
                end else if (!a_bank_ok) begin
                    fkind <= ST_BADREQ; st <= S_FAULT_WR; wi <= 0; wp <= 0; wn <= 5'd6;
                end else begin
                    sel <= match; req <= need; held <= need; st <= S_ACQ;
                end
            end
            S_ACQ: if ((gnt & held) == held) begin
                ri <= 0; ci <= 0;
                if (out_msg) begin st <= S_FWD; rn <= 5'd8; end
                else st <= S_START;
            end
            S_FWD: if (m_re) begin
                fw[ci[2:0]] <= m_rdata;
                if (rd_last) begin
                    if (fw[0] == FWD_KILLED) begin            // a killed pipeline: consume, do not run
                        drops <= drops + 16'd1; st <= S_DROPWR; wi <= 0; wp <= 0; wn <= 5'd1;
                    end else if (fw[0] == 32'd0) begin
                        // never set: its word 0 could not mark a slot full, and no
                        // header says where the result goes. A bad request the
                        // host sees; the message stays for after RESUME.
                        unset <= 1; fkind <= ST_BADREQ; st <= S_FAULT_WR; wi <= 0; wp <= 0; wn <= 5'd6;
                    end else if (out_queue) begin st <= S_SLOT; ri <= 0; ci <= 0; rn <= 5'd1; end
                    else st <= S_START;
                end
            end
            S_SLOT: if (m_re) st <= m_rdata == 32'd0 ? S_START : S_REL;   // full: retry next poll
            S_START: begin
                go <= 1; job_new <= 1; job_subop <= h[4][13:10]; job_ints <= h[4][9:0];
                st <= S_RUN;
            end
            S_RUN: if (job_done && fifo_empty && !wc_busy && !c_valid) begin
                if (out_msg) begin st <= S_OHDR; wi <= 0; wp <= 0; wn <= 5'd8; end
                else st <= S_DONE;
            end
            S_OHDR: if (wr_last) st <= S_DONE;
            S_DONE: begin
                operation_complete <= 1; job_new <= 0; stop <= 1;
                new_head <= (src == 2'd0 ? head0 : head1) + 19'd8 + {3'd0, h[2][31:16]};
                if (src == 2'd2) recycle_full <= 0;
                if (out_recycle) recycle_full <= 1;
                if (src == 2'd2) st <= S_REL;
                else begin st <= S_QPTR; wi <= 0; wp <= 0; wn <= 5'd1; end
            end
            S_QPTR: if (wr_last) begin
                if (src == 2'd0) head0 <= new_head; else head1 <= new_head;
                st <= S_REL;
            end
            S_REL: begin req <= 0; held <= 0; st <= S_IDLE; timer <= 0; end
            S_DIRRD: if (m_re) begin
                fw[ci[2:0]] <= m_rdata;
                if (rd_last) begin st <= S_DIRWR; wi <= 0; wp <= 0; wn <= 5'd8; end
            end
            S_DIRWR: if (wr_last) st <= S_NOJOB;
            S_DROPWR: if (wr_last) st <= S_NOJOB;
            S_NOJOB: begin                                    // the message is consumed without a job
                new_head <= (src == 2'd0 ? head0 : head1) + 19'd8 + {3'd0, h[2][31:16]};
                if (src == 2'd2) begin recycle_full <= 0; st <= S_REL; end
                else begin st <= S_QPTR; wi <= 0; wp <= 0; wn <= 5'd1; end
            end
            S_FAULT_WR: if (wr_last) begin
                skind <= fkind; req <= 0; held <= 0; st <= S_SUSPEND;
            end
            S_SUSPEND: if (ctrl_wr && ctrl == CTL_RESUME) begin
                skind <= ST_RUN; unset <= 0; st <= S_INIT_ACQ;
            end
            default: st <= S_IDLE;
            endcase
        end
    end
endmodule
