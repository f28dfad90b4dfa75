// ext_bswap_core: stands for a core written elsewhere, with its own
// load/start/ready handshake and no knowledge of the frame: `load` latches
// din, `start` begins a 4-clock operation (reverse the bytes of the word),
// `ready` rises with dout valid and stays until the next start. It is used
// unedited by wrap_bswap.v (docs/endpoints.md: wrapping a core).
`default_nettype none
module ext_bswap_core (
    input  wire        clk,
    input  wire        rst,
    input  wire        load,
    input  wire [31:0] din,
    input  wire        start,
    output reg         ready,
    output reg  [31:0] dout
);
    reg [31:0] r;
    reg [2:0]  left;
    always @(posedge clk) begin
        if (rst) begin ready <= 0; dout <= 0; r <= 0; left <= 0; end
        else begin
            if (load) r <= din;
            if (start) begin ready <= 0; left <= 3'd4; end
            else if (left != 0) begin
                left <= left - 1;
                if (left == 3'd1) begin dout <= {r[7:0], r[15:8], r[23:16], r[31:24]}; ready <= 1; end
            end
        end
    end
endmodule
