# Text helpers the models' reports share (model/text).
LIB_SRCS  += model/text/textbuf.c
