// circ_valu: the frame's built-in vector ALU (section 6.3.4, appendix B.1).
// C[i] = op(A[i], B[i]) for job_ints words, one word per clock. job_subop:
// 0 pass A, 1 add, 2 A-B, 3 multiply (low 32 bits), 4 and, 5 or, 6 xor,
// 7 signed min, 8 signed max, 9 not A; 10-15 act as pass. Pass and not
// read only port A (B stays off), the rest read A and B in lock step.
`default_nettype none
module circ_valu (
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
    output reg         b_on,
    input  wire        b_valid,
    output reg         b_ack,
    input  wire [31:0] b_data,
    output reg         c_on,
    output reg         c_valid,
    input  wire        c_ack,
    output reg  [31:0] c_data
);
    localparam IDLE = 2'd0, RUN = 2'd1, DONE = 2'd2, REST = 2'd3;
    reg [1:0]  state;
    reg [3:0]  op;
    reg [10:0] n, taken, sent;
    reg        two;              // this op reads port B

    function [31:0] alu(input [3:0] f, input [31:0] a, input [31:0] b);
        case (f)
        4'd1: alu = a + b;
        4'd2: alu = a - b;
        4'd3: alu = a * b;
        4'd4: alu = a & b;
        4'd5: alu = a | b;
        4'd6: alu = a ^ b;
        4'd7: alu = $signed(a) < $signed(b) ? a : b;
        4'd8: alu = $signed(a) > $signed(b) ? a : b;
        4'd9: alu = ~a;
        default: alu = a;
        endcase
    endfunction

    wire c_took = c_valid && c_ack;
    wire room   = !c_valid || c_took;
    wire take   = state == RUN && a_valid && (!two || b_valid) && room && taken != n;

    always @(posedge clk) begin
        if (reset_h) begin
            state <= IDLE; job_done <= 0; a_on <= 0; a_ack <= 0; b_on <= 0; b_ack <= 0;
            c_on <= 0; c_valid <= 0; c_data <= 0; n <= 0; taken <= 0; sent <= 0;
            op <= 0; two <= 0;
        end else begin
            a_ack <= take;
            b_ack <= take && two;
            if (take) begin
                c_data <= alu(op, a_data, b_data); c_valid <= 1;
                taken <= taken + 1;
            end else if (c_took) c_valid <= 0;
            if (c_took) sent <= sent + 1;
            case (state)
            IDLE: if (job_new) begin
                n <= job_ints == 0 ? 11'd1024 : {1'b0, job_ints};
                op <= job_subop;
                two <= job_subop >= 4'd1 && job_subop <= 4'd8;
                b_on <= job_subop >= 4'd1 && job_subop <= 4'd8;
                taken <= 0; sent <= 0; a_on <= 1; c_on <= 1; state <= RUN;
            end
            RUN: if (sent + (c_took ? 11'd1 : 11'd0) == n) begin
                a_on <= 0; b_on <= 0; c_on <= 0; job_done <= 1; state <= DONE;
            end
            DONE: if (operation_complete) begin job_done <= 0; state <= REST; end
            REST: if (!job_new) state <= IDLE;
            endcase
        end
    end
endmodule
