// fpga: the whole FPGA configuration, the frame and the canvas of the
// shipped circuits, as the RC-1000's Virtex-1000 holds it. Its pins are the
// card's: four SRAM bank ports, the CPLD request/grant bits, the 8-bit
// control/status port; plus observation outputs for the C model.
`default_nettype none
module fpga (
    input  wire        clk,
    input  wire        reset_h,
    output wire [18:0] b0_addr, b1_addr, b2_addr, b3_addr,
    output wire [31:0] b0_wdata, b1_wdata, b2_wdata, b3_wdata,
    output wire        b0_we, b1_we, b2_we, b3_we,
    output wire        b0_re, b1_re, b2_re, b3_re,
    input  wire [31:0] b0_rdata, b1_rdata, b2_rdata, b3_rdata,
    output wire [3:0]  req,
    input  wire [3:0]  gnt,
    output wire [7:0]  status,
    input  wire [7:0]  ctrl,
    input  wire        ctrl_wr,
    output wire [4:0]  phase,
    output wire [3:0]  sel,
    output wire        job_new,
    output wire        dbg_fetch,
    output wire        dbg_store,
    // the canvas's external slot 4 (hw/frame/canvas.v), served by the shell
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
    input  wire        x_present
);
    wire [3:0]  job_subop;
    wire [9:0]  job_ints;
    wire        job_done, operation_complete, a_on, a_ack, b_on, b_ack, c_on, c_valid;
    wire        a_valid, b_valid, c_ack;
    wire [31:0] a_data, b_data, c_data;
    wire [8:0]  present;

    frame u_frame (.clk(clk), .reset_h(reset_h),
        .b0_addr(b0_addr), .b1_addr(b1_addr), .b2_addr(b2_addr), .b3_addr(b3_addr),
        .b0_wdata(b0_wdata), .b1_wdata(b1_wdata), .b2_wdata(b2_wdata), .b3_wdata(b3_wdata),
        .b0_we(b0_we), .b1_we(b1_we), .b2_we(b2_we), .b3_we(b3_we),
        .b0_re(b0_re), .b1_re(b1_re), .b2_re(b2_re), .b3_re(b3_re),
        .b0_rdata(b0_rdata), .b1_rdata(b1_rdata), .b2_rdata(b2_rdata), .b3_rdata(b3_rdata),
        .req(req), .gnt(gnt), .status(status), .ctrl(ctrl), .ctrl_wr(ctrl_wr),
        .sel(sel), .job_new(job_new), .job_subop(job_subop), .job_ints(job_ints),
        .job_done(job_done), .operation_complete(operation_complete),
        .a_on(a_on), .a_ack(a_ack), .b_on(b_on), .b_ack(b_ack), .c_on(c_on), .c_valid(c_valid),
        .a_valid(a_valid), .b_valid(b_valid), .a_data(a_data), .b_data(b_data),
        .c_ack(c_ack), .c_data(c_data), .present(present),
        .phase(phase), .dbg_fetch(dbg_fetch), .dbg_store(dbg_store));

    canvas u_canvas (.clk(clk), .reset_h(reset_h), .sel(sel), .job_new(job_new),
        .job_subop(job_subop), .job_ints(job_ints), .job_done(job_done),
        .operation_complete(operation_complete),
        .a_on(a_on), .a_valid(a_valid), .a_ack(a_ack), .a_data(a_data),
        .b_on(b_on), .b_valid(b_valid), .b_ack(b_ack), .b_data(b_data),
        .c_on(c_on), .c_valid(c_valid), .c_ack(c_ack), .c_data(c_data), .present(present),
        .x_job_new(x_job_new), .x_job_subop(x_job_subop), .x_job_ints(x_job_ints),
        .x_job_done(x_job_done), .x_operation_complete(x_operation_complete),
        .x_a_on(x_a_on), .x_a_valid(x_a_valid), .x_a_ack(x_a_ack), .x_a_data(x_a_data),
        .x_b_on(x_b_on), .x_b_valid(x_b_valid), .x_b_ack(x_b_ack), .x_b_data(x_b_data),
        .x_c_on(x_c_on), .x_c_valid(x_c_valid), .x_c_ack(x_c_ack), .x_c_data(x_c_data),
        .x_present(x_present));
endmodule
