// vec_reader: feeds one input vector port (A or B) of the canvas, either
// from a bank (one pipelined read per clock into a 4-word buffer; the
// SRAM returns data the clock after the address) or a constant (port B's
// constant of Table B.1). It is the port's sender: a word leaves when the
// circuit's ack is seen, and the next one is on the lines at once.
`default_nettype none
module vec_reader (
    input  wire        clk,
    input  wire        reset_h,
    input  wire        start,       // one clock: latch the job
    input  wire        use_const,
    input  wire [31:0] konst,
    input  wire [18:0] base,
    input  wire [10:0] len,         // words to deliver
    input  wire        stop,        // the job ended (operation_complete)
    output reg         act,         // using its bank
    output reg  [18:0] addr,
    output reg         re,
    input  wire [31:0] rdata,
    output reg         issued_now,  // a read was issued this clock (fetch clocks)
    output reg         drained,     // every word delivered
    input  wire        port_on,
    output wire        port_valid,
    output wire [31:0] port_data,
    input  wire        port_ack
);
    reg [31:0] buff [0:3];
    reg [1:0]  head, tail;
    reg [2:0]  count;
    reg [10:0] issued, given;
    reg        inflight, cmode, running;
    reg [31:0] k;

    assign port_valid = running && port_on && (cmode ? given != len : count != 0);
    assign port_data  = cmode ? k : buff[head];

    wire       pop   = port_valid && port_ack;
    wire [2:0] after = count + (inflight ? 3'd1 : 3'd0) - (pop && !cmode ? 3'd1 : 3'd0);
    wire       issue = running && !cmode && issued != len && after < 3'd4;

    always @(posedge clk) begin
        if (reset_h || stop) begin
            act <= 0; re <= 0; addr <= 0; issued_now <= 0; drained <= 0; head <= 0; tail <= 0;
            count <= 0; issued <= 0; given <= 0; inflight <= 0; cmode <= 0; running <= 0; k <= 0;
        end else if (start) begin
            running <= 1; cmode <= use_const; k <= konst; act <= !use_const && len != 0;
            issued <= 0; given <= 0; count <= 0; head <= 0; tail <= 0; inflight <= 0;
            drained <= len == 0; addr <= base; re <= 0; issued_now <= 0;
        end else if (running) begin
            if (inflight) begin buff[tail] <= rdata; tail <= tail + 1; end
            if (pop) begin
                if (!cmode) head <= head + 1;
                given <= given + 1;
                if (given + 1 == len) begin drained <= 1; act <= 0; end
            end
            count <= after;
            re <= issue;
            issued_now <= issue;
            inflight <= issue;
            if (issue) begin addr <= base + {8'd0, issued}; issued <= issued + 1; end
        end
    end
endmodule
