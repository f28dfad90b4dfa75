// out_queues: the frame's two slotted outgoing queues in bank 3 (appendix
// B.2.2, L2567). Each has 64 slots of 8,192 words; queue 1's slot k sits
// Q1_OFF words into queue 0's slot k (a message is at most 8 + 1,024 words,
// so the two never meet and queue 0's addresses stay what they were with
// one queue). A slot is free while its word 0 is 0. `advance` moves the
// selected queue to its next slot and counts the message for the status
// port (both queues together, mod 64).
`default_nettype none
module out_queues #(parameter [18:0] Q1_OFF = 19'h01000) (
    input  wire        clk,
    input  wire        reset_h,
    input  wire        q,          // the queue of the message in hand (0 or 1)
    input  wire        advance,    // its slot is written: move on
    output wire [18:0] base,       // the word address of the selected queue's slot
    output reg  [5:0]  produced
);
    reg [5:0] slot0, slot1;
    assign base = q ? {slot1, 13'd0} + Q1_OFF : {slot0, 13'd0};
    always @(posedge clk) begin
        if (reset_h) begin
            slot0 <= 0; slot1 <= 0; produced <= 0;
        end else if (advance) begin
            if (q) slot1 <= slot1 + 6'd1; else slot0 <= slot0 + 6'd1;   // 64 slots: wraps at 63
            produced <= produced + 6'd1;
        end
    end
endmodule
