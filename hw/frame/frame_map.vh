// frame_map.vh: the frame's SRAM layout (word addresses inside a 2 MB bank)
// and its status/control codes. model/rc1000/rc1000_map.h mirrors it for C.
// Bank 0: forwarding directory, control block, two incoming queues, recycle
// buffer. Bank 3: the two slotted outgoing queues. Banks 1, 2: scratchpad frames.
localparam [18:0] DIR_BASE  = 19'h00000;  // 256 entries x 8 words (one GRIM header each)
localparam [18:0] CTL_BASE  = 19'h00800;  // +0..+7 slot handler ids, +8 ALU id
localparam [18:0] CTL_PAGE  = 19'h00810;  // +0 page in frame 1 (bank 1), +1 in frame 2
localparam [18:0] CTL_FAULT = 19'h00820;  // fault word, then up to 3 missing pages
localparam [18:0] CTL_HEADS = 19'h00828;  // saved heads of queues 0 and 1
localparam [18:0] CTL_EP    = 19'h00830;  // the card's endpoint id (sender id of generated messages)
localparam [18:0] CTL_DROPS = 19'h00831;  // messages dropped at a killed forwarding entry (frame writes)
localparam [18:0] Q0_BASE   = 19'h01000;  // +0 tail (producer), +1 head (frame), ring at +16
localparam [18:0] Q1_BASE   = 19'h09000;
localparam [18:0] Q_RING    = 19'h00010;
localparam [18:0] RECYCLE   = 19'h11000;  // one message: 8 header words + up to 1,024
localparam [31:0] Q_WRAP    = 32'hFFFFFFFF; // header word 0 of a wrap marker: ring restarts at 0
localparam [18:0] OQ1_OFF   = 19'h01000;  // bank 3: two queues of 64 slots (8,192 words each, free while word 0
                                          // is 0); queue 1's slot k lies this far into queue 0's slot k
localparam [31:0] FWD_KILLED = 32'hFFFFFFFF; // forwarding entry word 0 of a killed pipeline (no GRIM id);
                                          // word 0 = 0: never set (a bad request naming the entry)
localparam [15:0] FRAME_H   = 16'h0020;   // the frame's built-in handler (not in the function list)
localparam [3:0]  FOP_SET = 4'd1, FOP_KILL = 4'd2;  // its sub-ops: entry fwd_id = payload 0-7 / killed
localparam [8:0]  PAGE_NONE = 9'h100;     // no page loaded in a frame
localparam [1:0]  ST_RUN = 2'd0, ST_FFAULT = 2'd1, ST_PFAULT = 2'd2, ST_BADREQ = 2'd3; // BADREQ: A and B in one bank, a bad frame op
localparam [7:0]  CTL_RESUME = 8'h01;     // control port: reload state from bank 0 and go on
