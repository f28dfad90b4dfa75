// vec_writer: the store engine. Pops the result FIFO into a bank from
// `base` on, three clocks a word (address and data, write strobe, release),
// as the frame of Table 7.3 does (L2220: stores take 3 clocks).
`default_nettype none
module vec_writer (
    input  wire        clk,
    input  wire        reset_h,
    input  wire        start,       // one clock: latch base, count from 0
    input  wire [18:0] base,
    input  wire        enable,      // may write now (no-overlap rule)
    input  wire        stop,
    input  wire        fifo_empty,
    input  wire [31:0] fifo_dout,
    output wire        fifo_pop,
    output reg         act,         // driving its bank
    output reg  [18:0] addr,
    output reg  [31:0] wdata,
    output reg         we,
    output reg  [10:0] written,
    output wire        busy         // a word is being stored this clock (store clocks)
);
    reg [1:0] ph;                   // the clock of a word: 1 address+data, 2 strobe, 3 release; 0 idle
    reg       running;
    // The word is latched into wdata on the way into clock 1, so it leaves
    // the FIFO then and the next one can follow clock 3 without a gap.
    wire take = running && (ph == 2'd0 || ph == 2'd3) && enable && !fifo_empty;
    assign fifo_pop = take;
    assign busy = ph != 2'd0;
    always @(posedge clk) begin
        if (reset_h || stop) begin
            ph <= 0; act <= 0; addr <= 0; wdata <= 0; we <= 0; written <= 0; running <= 0;
        end else if (start) begin
            running <= 1; written <= 0; addr <= base; ph <= 0; we <= 0; act <= 0;
        end else if (running) begin
            if (ph == 2'd3) written <= written + 1;
            if (take) begin
                act <= 1; addr <= base + {8'd0, written} + (ph == 2'd3 ? 19'd1 : 19'd0);
                wdata <= fifo_dout; ph <= 2'd1;
            end else case (ph)
                2'd1: begin we <= 1; ph <= 2'd2; end
                2'd2: begin we <= 0; ph <= 2'd3; end
                default: begin ph <= 2'd0; act <= 0; end
            endcase
        end
    end
endmodule
