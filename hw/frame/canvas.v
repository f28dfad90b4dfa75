// canvas: the dynamic circuit canvas of appendix B.3 for the shipped
// configuration. Slot 8 is the built-in vector ALU; slots 0-7 hold user
// circuits (here 0 pass, 1 MD5, 2 the hang test circuit, 3 the wrapped
// byte-swap core; 4-7 empty). Only
// the circuit in slot `sel` sees job_new and the ports; the others see
// zeros. Circuits run on the inverted frame clock (B.3.1), so a sender and
// its receiver act on opposite edges and a word can move every clock.
`default_nettype none
module canvas (
    input  wire        clk,
    input  wire        reset_h,
    input  wire [3:0]  sel,
    input  wire        job_new,
    input  wire [3:0]  job_subop,
    input  wire [9:0]  job_ints,
    output wire        job_done,
    input  wire        operation_complete,
    output wire        a_on,
    input  wire        a_valid,
    output wire        a_ack,
    input  wire [31:0] a_data,
    output wire        b_on,
    input  wire        b_valid,
    output wire        b_ack,
    input  wire [31:0] b_data,
    output wire        c_on,
    output wire        c_valid,
    input  wire        c_ack,
    output wire [31:0] c_data,
    output wire [8:0]  present     // which slots hold a circuit
);
    localparam N = 9;
    wire cclk = ~clk;
    wire [N-1:0] done, aon, aack, bon, back, con, cval;
    wire [31:0]  cdat [0:N-1];
    wire [N-1:0] me;
    genvar k;
    generate for (k = 0; k < N; k = k + 1) begin : g_me
        assign me[k] = sel == k;
    end endgenerate

`define CANVAS_SLOT(K, MOD) \
    MOD u_slot``K (.clk(cclk), .reset_h(reset_h), .job_new(job_new && me[K]), \
        .job_subop(job_subop), .job_ints(job_ints), .job_done(done[K]), \
        .operation_complete(operation_complete && me[K]), \
        .a_on(aon[K]), .a_valid(a_valid && me[K]), .a_ack(aack[K]), .a_data(a_data), \
        .b_on(bon[K]), .b_valid(b_valid && me[K]), .b_ack(back[K]), .b_data(b_data), \
        .c_on(con[K]), .c_valid(cval[K]), .c_ack(c_ack && me[K]), .c_data(cdat[K]));

    `CANVAS_SLOT(0, circ_pass)
    `CANVAS_SLOT(1, circ_md5)
    `CANVAS_SLOT(2, circ_hang)
    `CANVAS_SLOT(3, wrap_bswap)
    `CANVAS_SLOT(8, circ_valu)
    generate for (k = 4; k < 8; k = k + 1) begin : g_empty
        assign done[k] = 0; assign aon[k] = 0; assign aack[k] = 0; assign bon[k] = 0;
        assign back[k] = 0; assign con[k] = 0; assign cval[k] = 0; assign cdat[k] = 0;
    end endgenerate
`undef CANVAS_SLOT
    wire unused = &{1'b0, me[7:4]};   // empty slots

    assign present = 9'b1_0000_1111;
    wire ok = sel < N;
    assign job_done = ok && done[sel];
    assign a_on  = ok && aon[sel];  assign a_ack = ok && aack[sel];
    assign b_on  = ok && bon[sel];  assign b_ack = ok && back[sel];
    assign c_on  = ok && con[sel];  assign c_valid = ok && cval[sel];
    assign c_data = ok ? cdat[sel] : 32'd0;
endmodule
