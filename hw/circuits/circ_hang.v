// circ_hang: a deliberately broken test circuit. It turns port A on and
// accepts every word but never asserts job_done, so the card's per-card
// timeout (model/rc1000) must stop it; the frame alone would wait forever.
`default_nettype none
module circ_hang (
    input  wire        clk,
    input  wire        reset_h,
    input  wire        job_new,
    input  wire [3:0]  job_subop,
    input  wire [9:0]  job_ints,
    output wire        job_done,
    input  wire        operation_complete,
    output reg         a_on,
    input  wire        a_valid,
    output reg         a_ack,
    input  wire [31:0] a_data,
    output wire        b_on,
    input  wire        b_valid,
    output wire        b_ack,
    input  wire [31:0] b_data,
    output wire        c_on,
    output wire        c_valid,
    input  wire        c_ack,
    output wire [31:0] c_data
);
    assign job_done = 1'b0;
    assign b_on = 1'b0; assign b_ack = 1'b0;
    assign c_on = 1'b0; assign c_valid = 1'b0; assign c_data = 32'd0;
    wire unused = &{1'b0, job_subop, job_ints, operation_complete, b_valid, b_data,
                    c_ack, a_data};
    always @(posedge clk) begin
        if (reset_h) begin a_on <= 0; a_ack <= 0; end
        else begin
            if (job_new) a_on <= 1;
            a_ack <= a_on && a_valid;
        end
    end
endmodule
