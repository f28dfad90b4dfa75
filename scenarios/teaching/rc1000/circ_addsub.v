// circ_addsub: a student's circuit for scenarios/teaching/rc1000_stage.cfg.
// Adds the message's sub-op (Table B.1, 0..15) to every word of vector port
// A and streams the sums to port C, one word per clock (appendix B.3's
// interface; on the inverted frame clock, as every canvas circuit).
// Verilated when a scenario names it, into build/scenarios/hw/.
`default_nettype none
module circ_addsub (
    input  wire        clk,
    input  wire        reset_h,
    input  wire        job_new,
    input  wire [3:0]  job_subop,
    input  wire [9:0]  job_ints,
    output reg         job_done,
    input  wire        operation_complete,
    output reg         a_on,
    input  wire        a_valid,
    output reg         a_ack,
    input  wire [31:0] a_data,
    output wire        b_on,
    input  wire        b_valid,
    output wire        b_ack,
    input  wire [31:0] b_data,
    output reg         c_on,
    output reg         c_valid,
    input  wire        c_ack,
    output reg  [31:0] c_data
);
    localparam IDLE = 2'd0, RUN = 2'd1, DONE = 2'd2, REST = 2'd3;
    reg [1:0]  state;
    reg [10:0] n, taken, sent;   // job_ints 0 means 1,024 words
    reg [3:0]  k;                // the sub-op, latched when the job starts

    assign b_on = 1'b0;          // port B unused: grounded
    assign b_ack = 1'b0;
    wire unused = &{1'b0, b_valid, b_data};

    wire c_took = c_valid && c_ack;
    wire room   = !c_valid || c_took;
    wire take   = state == RUN && a_valid && room && taken != n;

    always @(posedge clk) begin
        if (reset_h) begin
            state <= IDLE; job_done <= 0; a_on <= 0; a_ack <= 0; k <= 0;
            c_on <= 0; c_valid <= 0; c_data <= 0; n <= 0; taken <= 0; sent <= 0;
        end else begin
            a_ack <= take;
            if (take) begin
                c_data <= a_data + {28'd0, k}; c_valid <= 1;
                taken <= taken + 1;
            end else if (c_took) c_valid <= 0;
            if (c_took) sent <= sent + 1;
            case (state)
            IDLE: if (job_new) begin
                n <= job_ints == 0 ? 11'd1024 : {1'b0, job_ints};
                k <= job_subop;
                taken <= 0; sent <= 0; a_on <= 1; c_on <= 1; state <= RUN;
            end
            RUN: if (sent + (c_took ? 11'd1 : 11'd0) == n) begin
                a_on <= 0; c_on <= 0; job_done <= 1; state <= DONE;
            end
            DONE: if (operation_complete) begin job_done <= 0; state <= REST; end
            REST: if (!job_new) state <= IDLE;
            endcase
        end
    end
endmodule
