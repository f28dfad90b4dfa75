// wrap_bswap: an adapter that puts ext_bswap_core (load/start/ready) behind
// appendix B.3's interface without editing it. Per word: take it from port
// A, load and start the core, wait for ready, offer dout on port C; after
// job_ints words drop the ports, raise job_done, wait for
// operation_complete and for job_new to fall.
`default_nettype none
module wrap_bswap (
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
    localparam IDLE = 3'd0, TAKE = 3'd1, WAIT = 3'd2, GIVE = 3'd3, DONE = 3'd4, REST = 3'd5;
    reg [2:0]  state;
    reg [10:0] n, count;
    reg        load, start, busy;
    reg [31:0] din;
    wire       ready;
    wire [31:0] dout;

    assign b_on = 1'b0;
    assign b_ack = 1'b0;
    wire unused = &{1'b0, job_subop, b_valid, b_data};

    ext_bswap_core u_core (.clk(clk), .rst(reset_h), .load(load), .din(din), .start(start),
                           .ready(ready), .dout(dout));

    always @(posedge clk) begin
        if (reset_h) begin
            state <= IDLE; job_done <= 0; a_on <= 0; a_ack <= 0; c_on <= 0; c_valid <= 0;
            c_data <= 0; n <= 0; count <= 0; load <= 0; start <= 0; busy <= 0; din <= 0;
        end else begin
            a_ack <= 0; load <= 0; start <= 0;
            case (state)
            IDLE: if (job_new) begin
                n <= job_ints == 0 ? 11'd1024 : {1'b0, job_ints};
                count <= 0; a_on <= 1; c_on <= 1; state <= TAKE;
            end
            TAKE: if (a_valid) begin           // receiver: ack the word we saw
                a_ack <= 1; din <= a_data; load <= 1; start <= 1; busy <= 1; state <= WAIT;
            end
            WAIT: if (busy && !start && ready) begin   // ready from this start (start cleared it)
                busy <= 0; c_data <= dout; c_valid <= 1; state <= GIVE;
            end
            GIVE: if (c_ack) begin             // sender: the frame took it
                c_valid <= 0; count <= count + 1;
                if (count + 1 == n) begin a_on <= 0; c_on <= 0; job_done <= 1; state <= DONE; end
                else state <= TAKE;
            end
            DONE: if (operation_complete) begin job_done <= 0; state <= REST; end
            REST: if (!job_new) state <= IDLE;
            default: state <= IDLE;
            endcase
        end
    end
endmodule
