// circ_md5: MD5 (RFC 1321) of the words streamed on port A; the four digest
// words (A, B, C, D, each little-endian as in the RFC) leave on port C.
// The host pads the message (RFC 1321 step 1-2), so job_ints is a multiple of
// 16 words (0 means 1,024). Per 16-word block: 16 clocks to load the block
// (one word per clock), 64 rounds (one per clock), 1 clock to add into the
// chaining state; then 4 clocks to emit the digest.
`default_nettype none
module circ_md5 (
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
    localparam IDLE = 3'd0, LOAD = 3'd1, ROUND = 3'd2, ADD = 3'd3, EMIT = 3'd4,
               DONE = 3'd5, REST = 3'd6;
    reg [2:0]  state;
    reg [10:0] left;             // words still to read on port A
    reg [3:0]  widx;             // next word of the block
    reg [5:0]  i;                // round
    reg [2:0]  out;              // digest words sent
    reg [31:0] h0, h1, h2, h3, va, vb, vc, vd;
    reg [31:0] m [0:15];

    assign b_on = 1'b0;
    assign b_ack = 1'b0;
    wire unused = &{1'b0, job_subop, b_valid, b_data};

    // Round constants: K[i] = floor(|sin(i + 1)| * 2^32) (RFC 1321 step 3).
    function [31:0] md5_k(input [5:0] n);
        case (n)
        6'd0: md5_k = 32'hd76aa478;
        6'd1: md5_k = 32'he8c7b756;
        6'd2: md5_k = 32'h242070db;
        6'd3: md5_k = 32'hc1bdceee;
        6'd4: md5_k = 32'hf57c0faf;
        6'd5: md5_k = 32'h4787c62a;
        6'd6: md5_k = 32'ha8304613;
        6'd7: md5_k = 32'hfd469501;
        6'd8: md5_k = 32'h698098d8;
        6'd9: md5_k = 32'h8b44f7af;
        6'd10: md5_k = 32'hffff5bb1;
        6'd11: md5_k = 32'h895cd7be;
        6'd12: md5_k = 32'h6b901122;
        6'd13: md5_k = 32'hfd987193;
        6'd14: md5_k = 32'ha679438e;
        6'd15: md5_k = 32'h49b40821;
        6'd16: md5_k = 32'hf61e2562;
        6'd17: md5_k = 32'hc040b340;
        6'd18: md5_k = 32'h265e5a51;
        6'd19: md5_k = 32'he9b6c7aa;
        6'd20: md5_k = 32'hd62f105d;
        6'd21: md5_k = 32'h02441453;
        6'd22: md5_k = 32'hd8a1e681;
        6'd23: md5_k = 32'he7d3fbc8;
        6'd24: md5_k = 32'h21e1cde6;
        6'd25: md5_k = 32'hc33707d6;
        6'd26: md5_k = 32'hf4d50d87;
        6'd27: md5_k = 32'h455a14ed;
        6'd28: md5_k = 32'ha9e3e905;
        6'd29: md5_k = 32'hfcefa3f8;
        6'd30: md5_k = 32'h676f02d9;
        6'd31: md5_k = 32'h8d2a4c8a;
        6'd32: md5_k = 32'hfffa3942;
        6'd33: md5_k = 32'h8771f681;
        6'd34: md5_k = 32'h6d9d6122;
        6'd35: md5_k = 32'hfde5380c;
        6'd36: md5_k = 32'ha4beea44;
        6'd37: md5_k = 32'h4bdecfa9;
        6'd38: md5_k = 32'hf6bb4b60;
        6'd39: md5_k = 32'hbebfbc70;
        6'd40: md5_k = 32'h289b7ec6;
        6'd41: md5_k = 32'heaa127fa;
        6'd42: md5_k = 32'hd4ef3085;
        6'd43: md5_k = 32'h04881d05;
        6'd44: md5_k = 32'hd9d4d039;
        6'd45: md5_k = 32'he6db99e5;
        6'd46: md5_k = 32'h1fa27cf8;
        6'd47: md5_k = 32'hc4ac5665;
        6'd48: md5_k = 32'hf4292244;
        6'd49: md5_k = 32'h432aff97;
        6'd50: md5_k = 32'hab9423a7;
        6'd51: md5_k = 32'hfc93a039;
        6'd52: md5_k = 32'h655b59c3;
        6'd53: md5_k = 32'h8f0ccc92;
        6'd54: md5_k = 32'hffeff47d;
        6'd55: md5_k = 32'h85845dd1;
        6'd56: md5_k = 32'h6fa87e4f;
        6'd57: md5_k = 32'hfe2ce6e0;
        6'd58: md5_k = 32'ha3014314;
        6'd59: md5_k = 32'h4e0811a1;
        6'd60: md5_k = 32'hf7537e82;
        6'd61: md5_k = 32'hbd3af235;
        6'd62: md5_k = 32'h2ad7d2bb;
        6'd63: md5_k = 32'heb86d391;
        endcase
    endfunction

    reg [31:0] f;
    reg [3:0]  g;
    reg [4:0]  s;
    // Message word of the round, mod 16 by the width.
    wire [3:0] g1 = i[3:0] * 4'd5 + 4'd1, g2 = i[3:0] * 4'd3 + 4'd5, g3 = i[3:0] * 4'd7;
    always @* begin
        case (i[5:4])
        2'd0: begin f = (vb & vc) | (~vb & vd); g = i[3:0];  end
        2'd1: begin f = (vd & vb) | (~vd & vc); g = g1; end
        2'd2: begin f = vb ^ vc ^ vd;           g = g2; end
        default: begin f = vc ^ (vb | ~vd);     g = g3; end
        endcase
        case ({i[5:4], i[1:0]})
        4'h0: s = 7;  4'h1: s = 12; 4'h2: s = 17; 4'h3: s = 22;
        4'h4: s = 5;  4'h5: s = 9;  4'h6: s = 14; 4'h7: s = 20;
        4'h8: s = 4;  4'h9: s = 11; 4'ha: s = 16; 4'hb: s = 23;
        4'hc: s = 6;  4'hd: s = 10; 4'he: s = 15; default: s = 21;
        endcase
    end
    wire [31:0] t   = f + va + md5_k(i) + m[g];
    wire [31:0] rot = (t << s) | (t >> (6'd32 - {1'b0, s}));

    wire c_took = c_valid && c_ack;
    wire take   = state == LOAD && a_valid;

    always @(posedge clk) begin
        if (reset_h) begin
            state <= IDLE; job_done <= 0; a_on <= 0; a_ack <= 0; c_on <= 0;
            c_valid <= 0; c_data <= 0; left <= 0; widx <= 0; i <= 0; out <= 0;
        end else begin
            a_ack <= take;
            case (state)
            IDLE: if (job_new) begin
                left <= job_ints == 0 ? 11'd1024 : {1'b0, job_ints};
                h0 <= 32'h67452301; h1 <= 32'hefcdab89; h2 <= 32'h98badcfe; h3 <= 32'h10325476;
                va <= 32'h67452301; vb <= 32'hefcdab89; vc <= 32'h98badcfe; vd <= 32'h10325476;
                widx <= 0; out <= 0; a_on <= 1; c_on <= 1;
                state <= job_ints[3:0] != 0 ? EMIT : LOAD;  // not whole blocks: digest of nothing more
            end
            LOAD: if (take) begin
                m[widx] <= a_data; widx <= widx + 1; left <= left - 1;
                if (widx == 4'd15) begin i <= 0; state <= ROUND; end
            end
            ROUND: begin
                va <= vd; vd <= vc; vc <= vb; vb <= vb + rot;
                i <= i + 1;
                if (i == 6'd63) state <= ADD;
            end
            ADD: begin
                h0 <= h0 + va; h1 <= h1 + vb; h2 <= h2 + vc; h3 <= h3 + vd;
                va <= h0 + va; vb <= h1 + vb; vc <= h2 + vc; vd <= h3 + vd;
                if (left == 0) begin a_on <= 0; state <= EMIT; end
                else state <= LOAD;
            end
            EMIT: if (!c_valid || c_took) begin
                if (out == 3'd4) begin
                    c_valid <= 0; c_on <= 0; a_on <= 0; job_done <= 1; state <= DONE;
                end else begin
                    c_valid <= 1;
                    case (out[1:0])
                    2'd0: c_data <= h0; 2'd1: c_data <= h1;
                    2'd2: c_data <= h2; default: c_data <= h3;
                    endcase
                    out <= out + 1;
                end
            end
            DONE: if (operation_complete) begin job_done <= 0; state <= REST; end
            REST: if (!job_new) state <= IDLE;
            default: state <= IDLE;
            endcase
        end
    end
endmodule
