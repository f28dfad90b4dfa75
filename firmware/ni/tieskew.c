/* firmware/ni/tiesend.c with the skewing store before the send (see there). */
#define TIESKEW 1
#include "tiesend.c"
