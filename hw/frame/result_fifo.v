// result_fifo: the frame's results FIFO of 1,024 32-bit words (appendix
// B.4.2). Port C's words wait here until the store engine may write them:
// at once when the destination bank is not a source bank, else only after
// every input word was read (inputs and outputs never overlap).
`default_nettype none
module result_fifo (
    input  wire        clk,
    input  wire        reset_h,
    input  wire        push,
    input  wire [31:0] din,
    input  wire        pop,
    output wire [31:0] dout,
    output wire        empty,
    output wire        full
);
    reg [31:0] mem [0:1023];
    reg [9:0]  rd, wr;
    reg [10:0] count;
    assign dout  = mem[rd];
    assign empty = count == 0;
    assign full  = count == 11'd1024;
    wire do_push = push && !full;
    wire do_pop  = pop && !empty;
    always @(posedge clk) begin
        if (reset_h) begin rd <= 0; wr <= 0; count <= 0; end
        else begin
            if (do_push) begin mem[wr] <= din; wr <= wr + 1; end
            if (do_pop) rd <= rd + 1;
            count <= count + (do_push ? 11'd1 : 11'd0) - (do_pop ? 11'd1 : 11'd0);
        end
    end
endmodule
