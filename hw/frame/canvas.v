// canvas: the dynamic circuit canvas of appendix B.3 for the shipped
// configuration. Slot 8 is the built-in vector ALU; slots 0-7 hold user
// circuits (here 0 pass, 1 MD5, 2 the hang test circuit, 3 the wrapped
// byte-swap core; 4 the external slot: its pins are the x_* ports, where the
// C++ shell attaches a user's circuit Verilated at run time; 5-7 empty). Only
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
    output wire [8:0]  present,    // which slots hold a circuit
    // slot 4, the external slot: the circuit interface of appendix B.3
    output wire        x_job_new,
    output wire [3:0]  x_job_subop,
    output wire [9:0]  x_job_ints,
    input  wire        x_job_done,
    output wire        x_operation_complete,
    input  wire        x_a_on,
    output wire        x_a_valid,
    input  wire        x_a_ack,
    output wire [31:0] x_a_data,
    input  wire        x_b_on,
    output wire        x_b_valid,
    input  wire        x_b_ack,
    output wire [31:0] x_b_data,
    input  wire        x_c_on,
    input  wire        x_c_valid,
    output wire        x_c_ack,
    input  wire [31:0] x_c_data,
    input  wire        x_present   // a circuit is attached to slot 4
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
    // slot 4: the same gating as a slot inside, pins out to the shell
    assign x_job_new = job_new && me[4];
    assign x_job_subop = job_subop;
    assign x_job_ints = job_ints;
    assign x_operation_complete = operation_complete && me[4];
    assign x_a_valid = a_valid && me[4];
    assign x_a_data = a_data;
    assign x_b_valid = b_valid && me[4];
    assign x_b_data = b_data;
    assign x_c_ack = c_ack && me[4];
    assign done[4] = x_job_done; assign aon[4] = x_a_on; assign aack[4] = x_a_ack;
    assign bon[4] = x_b_on; assign back[4] = x_b_ack; assign con[4] = x_c_on;
    assign cval[4] = x_c_valid; assign cdat[4] = x_c_data;
    generate for (k = 5; k < 8; k = k + 1) begin : g_empty
        assign done[k] = 0; assign aon[k] = 0; assign aack[k] = 0; assign bon[k] = 0;
        assign back[k] = 0; assign con[k] = 0; assign cval[k] = 0; assign cdat[k] = 0;
    end endgenerate
`undef CANVAS_SLOT
    wire unused = &{1'b0, me[7:5]};   // empty slots

    assign present = {4'b1000, x_present, 4'b1111};
    wire ok = sel < N;
    assign job_done = ok && done[sel];
    assign a_on  = ok && aon[sel];  assign a_ack = ok && aack[sel];
    assign b_on  = ok && bon[sel];  assign b_ack = ok && back[sel];
    assign c_on  = ok && con[sel];  assign c_valid = ok && cval[sel];
    assign c_data = ok ? cdat[sel] : 32'd0;
endmodule
