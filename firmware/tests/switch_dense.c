/* A dense switch of 128 cases, which clang 14 compiles into a .rodata jump
 * table (>= 100 cases) dispatched with `bt %r3`; a second one over a
 * shifted range with gaps filled by default, and a dense switch inside a
 * loop that falls through between cases. Case bodies are deliberately
 * different so a wrong table entry shows. */
#include "conf.h"

__attribute__((noinline)) u32 dense(u32 k, u32 x)
{
    switch (k) {
    case 0: return x + 160;
    case 1: return x * 66;
    case 2: return x ^ 190;
    case 3: return (x << 31) | 1;
    case 4: return x - 204;
    case 5: return (x >> (177 & 7)) + 3;
    case 6: return ~x + 242;
    case 7: return x / 216 + 1;
    case 8: return x + 190;
    case 9: return x * 167;
    case 10: return x ^ 237;
    case 11: return (x << 13) | 1;
    case 12: return x - 8;
    case 13: return (x >> (216 & 7)) + 3;
    case 14: return ~x + 120;
    case 15: return x / 199 + 1;
    case 16: return x + 242;
    case 17: return x * 64;
    case 18: return x ^ 167;
    case 19: return (x << 15) | 1;
    case 20: return x - 231;
    case 21: return (x >> (41 & 7)) + 3;
    case 22: return ~x + 29;
    case 23: return x / 96 + 1;
    case 24: return x + 121;
    case 25: return x * 223;
    case 26: return x ^ 64;
    case 27: return (x << 6) | 1;
    case 28: return x - 140;
    case 29: return (x >> (27 & 7)) + 3;
    case 30: return ~x + 147;
    case 31: return x / 64 + 1;
    case 32: return x + 4;
    case 33: return x * 188;
    case 34: return x ^ 56;
    case 35: return (x << 13) | 1;
    case 36: return x - 72;
    case 37: return (x >> (47 & 7)) + 3;
    case 38: return ~x + 235;
    case 39: return x / 223 + 1;
    case 40: return x + 197;
    case 41: return x * 100;
    case 42: return x ^ 41;
    case 43: return (x << 11) | 1;
    case 44: return x - 205;
    case 45: return (x >> (19 & 7)) + 3;
    case 46: return ~x + 36;
    case 47: return x / 159 + 1;
    case 48: return x + 159;
    case 49: return x * 114;
    case 50: return x ^ 33;
    case 51: return (x << 4) | 1;
    case 52: return x - 1;
    case 53: return (x >> (249 & 7)) + 3;
    case 54: return ~x + 224;
    case 55: return x / 2 + 1;
    case 56: return x + 54;
    case 57: return x * 199;
    case 58: return x ^ 56;
    case 59: return (x << 30) | 1;
    case 60: return x - 252;
    case 61: return (x >> (43 & 7)) + 3;
    case 62: return ~x + 224;
    case 63: return x / 43 + 1;
    case 64: return x + 75;
    case 65: return x * 81;
    case 66: return x ^ 247;
    case 67: return (x << 21) | 1;
    case 68: return x - 139;
    case 69: return (x >> (225 & 7)) + 3;
    case 70: return ~x + 174;
    case 71: return x / 161 + 1;
    case 72: return x + 53;
    case 73: return x * 47;
    case 74: return x ^ 241;
    case 75: return (x << 1) | 1;
    case 76: return x - 177;
    case 77: return (x >> (51 & 7)) + 3;
    case 78: return ~x + 248;
    case 79: return x / 248 + 1;
    case 80: return x + 229;
    case 81: return x * 99;
    case 82: return x ^ 77;
    case 83: return (x << 7) | 1;
    case 84: return x - 93;
    case 85: return (x >> (107 & 7)) + 3;
    case 86: return ~x + 43;
    case 87: return x / 240 + 1;
    case 88: return x + 38;
    case 89: return x * 68;
    case 90: return x ^ 17;
    case 91: return (x << 24) | 1;
    case 92: return x - 78;
    case 93: return (x >> (210 & 7)) + 3;
    case 94: return ~x + 155;
    case 95: return x / 151 + 1;
    case 96: return x + 1;
    case 97: return x * 153;
    case 98: return x ^ 174;
    case 99: return (x << 28) | 1;
    case 100: return x - 87;
    case 101: return (x >> (17 & 7)) + 3;
    case 102: return ~x + 80;
    case 103: return x / 91 + 1;
    case 104: return x + 210;
    case 105: return x * 79;
    case 106: return x ^ 124;
    case 107: return (x << 25) | 1;
    case 108: return x - 81;
    case 109: return (x >> (48 & 7)) + 3;
    case 110: return ~x + 124;
    case 111: return x / 121 + 1;
    case 112: return x + 181;
    case 113: return x * 46;
    case 114: return x ^ 15;
    case 115: return (x << 5) | 1;
    case 116: return x - 250;
    case 117: return (x >> (241 & 7)) + 3;
    case 118: return ~x + 6;
    case 119: return x / 244 + 1;
    case 120: return x + 192;
    case 121: return x * 92;
    case 122: return x ^ 217;
    case 123: return (x << 12) | 1;
    case 124: return x - 5;
    case 125: return (x >> (141 & 7)) + 3;
    case 126: return ~x + 202;
    case 127: return x / 108 + 1;
    default: return 0xFFFFFFFFu;
    }
}

/* cases 1000..1119 with a few holes */
__attribute__((noinline)) int offset_table(int k)
{
    switch (k) {
    case 1000: return -132;
    case 1001: return -285;
    case 1002: return -438;
    case 1003: return 418;
    case 1004: return 265;
    case 1005: return 112;
    case 1006: return -41;
    case 1007: return -194;
    case 1009: return -500;
    case 1010: return 356;
    case 1011: return 203;
    case 1012: return 50;
    case 1013: return -103;
    case 1014: return -256;
    case 1015: return -409;
    case 1016: return 447;
    case 1017: return 294;
    case 1018: return 141;
    case 1019: return -12;
    case 1020: return -165;
    case 1021: return -318;
    case 1022: return -471;
    case 1023: return 385;
    case 1024: return 232;
    case 1026: return -74;
    case 1027: return -227;
    case 1028: return -380;
    case 1029: return 476;
    case 1030: return 323;
    case 1031: return 170;
    case 1032: return 17;
    case 1033: return -136;
    case 1034: return -289;
    case 1035: return -442;
    case 1036: return 414;
    case 1037: return 261;
    case 1038: return 108;
    case 1039: return -45;
    case 1040: return -198;
    case 1041: return -351;
    case 1043: return 352;
    case 1044: return 199;
    case 1045: return 46;
    case 1046: return -107;
    case 1047: return -260;
    case 1048: return -413;
    case 1049: return 443;
    case 1050: return 290;
    case 1051: return 137;
    case 1052: return -16;
    case 1053: return -169;
    case 1054: return -322;
    case 1055: return -475;
    case 1056: return 381;
    case 1057: return 228;
    case 1058: return 75;
    case 1060: return -231;
    case 1061: return -384;
    case 1062: return 472;
    case 1063: return 319;
    case 1064: return 166;
    case 1065: return 13;
    case 1066: return -140;
    case 1067: return -293;
    case 1068: return -446;
    case 1069: return 410;
    case 1070: return 257;
    case 1071: return 104;
    case 1072: return -49;
    case 1073: return -202;
    case 1074: return -355;
    case 1075: return 501;
    case 1077: return 195;
    case 1078: return 42;
    case 1079: return -111;
    case 1080: return -264;
    case 1081: return -417;
    case 1082: return 439;
    case 1083: return 286;
    case 1084: return 133;
    case 1085: return -20;
    case 1086: return -173;
    case 1087: return -326;
    case 1088: return -479;
    case 1089: return 377;
    case 1090: return 224;
    case 1091: return 71;
    case 1092: return -82;
    case 1094: return -388;
    case 1095: return 468;
    case 1096: return 315;
    case 1097: return 162;
    case 1098: return 9;
    case 1099: return -144;
    case 1100: return -297;
    case 1101: return -450;
    case 1102: return 406;
    case 1103: return 253;
    case 1104: return 100;
    case 1105: return -53;
    case 1106: return -206;
    case 1107: return -359;
    case 1108: return 497;
    case 1109: return 344;
    case 1111: return 38;
    case 1112: return -115;
    case 1113: return -268;
    case 1114: return -421;
    case 1115: return 435;
    case 1116: return 282;
    case 1117: return 129;
    case 1118: return -24;
    case 1119: return -177;
    default: return -1;
    }
}

/* fallthrough chain: entering at case k runs every later case body */
__attribute__((noinline)) u32 fall(int k)
{
    u32 r = 0;
    switch (k) {
    case 0: r = r * 3 + 0; /* fall through */
    case 1: r = r * 3 + 1; /* fall through */
    case 2: r = r * 3 + 2; /* fall through */
    case 3: r = r * 3 + 3; /* fall through */
    case 4: r = r * 3 + 4; /* fall through */
    case 5: r = r * 3 + 5; /* fall through */
    case 6: r = r * 3 + 6; /* fall through */
    case 7: r = r * 3 + 7; /* fall through */
    case 8: r = r * 3 + 8; /* fall through */
    case 9: r = r * 3 + 9; /* fall through */
    case 10: r = r * 3 + 10; /* fall through */
    case 11: r = r * 3 + 11; /* fall through */
    case 12: r = r * 3 + 12; /* fall through */
    case 13: r = r * 3 + 0; /* fall through */
    case 14: r = r * 3 + 1; /* fall through */
    case 15: r = r * 3 + 2; /* fall through */
    case 16: r = r * 3 + 3; /* fall through */
    case 17: r = r * 3 + 4; /* fall through */
    case 18: r = r * 3 + 5; /* fall through */
    case 19: r = r * 3 + 6; /* fall through */
    case 20: r = r * 3 + 7; /* fall through */
    case 21: r = r * 3 + 8; /* fall through */
    case 22: r = r * 3 + 9; /* fall through */
    case 23: r = r * 3 + 10; /* fall through */
    case 24: r = r * 3 + 11; /* fall through */
    case 25: r = r * 3 + 12; /* fall through */
    case 26: r = r * 3 + 0; /* fall through */
    case 27: r = r * 3 + 1; /* fall through */
    case 28: r = r * 3 + 2; /* fall through */
    case 29: r = r * 3 + 3; /* fall through */
    case 30: r = r * 3 + 4; /* fall through */
    case 31: r = r * 3 + 5; /* fall through */
    case 32: r = r * 3 + 6; /* fall through */
    case 33: r = r * 3 + 7; /* fall through */
    case 34: r = r * 3 + 8; /* fall through */
    case 35: r = r * 3 + 9; /* fall through */
    case 36: r = r * 3 + 10; /* fall through */
    case 37: r = r * 3 + 11; /* fall through */
    case 38: r = r * 3 + 12; /* fall through */
    case 39: r = r * 3 + 0; /* fall through */
    case 40: r = r * 3 + 1; /* fall through */
    case 41: r = r * 3 + 2; /* fall through */
    case 42: r = r * 3 + 3; /* fall through */
    case 43: r = r * 3 + 4; /* fall through */
    case 44: r = r * 3 + 5; /* fall through */
    case 45: r = r * 3 + 6; /* fall through */
    case 46: r = r * 3 + 7; /* fall through */
    case 47: r = r * 3 + 8; /* fall through */
    case 48: r = r * 3 + 9; /* fall through */
    case 49: r = r * 3 + 10; /* fall through */
    case 50: r = r * 3 + 11; /* fall through */
    case 51: r = r * 3 + 12; /* fall through */
    case 52: r = r * 3 + 0; /* fall through */
    case 53: r = r * 3 + 1; /* fall through */
    case 54: r = r * 3 + 2; /* fall through */
    case 55: r = r * 3 + 3; /* fall through */
    case 56: r = r * 3 + 4; /* fall through */
    case 57: r = r * 3 + 5; /* fall through */
    case 58: r = r * 3 + 6; /* fall through */
    case 59: r = r * 3 + 7; /* fall through */
    case 60: r = r * 3 + 8; /* fall through */
    case 61: r = r * 3 + 9; /* fall through */
    case 62: r = r * 3 + 10; /* fall through */
    case 63: r = r * 3 + 11; /* fall through */
    case 64: r = r * 3 + 12; /* fall through */
    case 65: r = r * 3 + 0; /* fall through */
    case 66: r = r * 3 + 1; /* fall through */
    case 67: r = r * 3 + 2; /* fall through */
    case 68: r = r * 3 + 3; /* fall through */
    case 69: r = r * 3 + 4; /* fall through */
    case 70: r = r * 3 + 5; /* fall through */
    case 71: r = r * 3 + 6; /* fall through */
    case 72: r = r * 3 + 7; /* fall through */
    case 73: r = r * 3 + 8; /* fall through */
    case 74: r = r * 3 + 9; /* fall through */
    case 75: r = r * 3 + 10; /* fall through */
    case 76: r = r * 3 + 11; /* fall through */
    case 77: r = r * 3 + 12; /* fall through */
    case 78: r = r * 3 + 0; /* fall through */
    case 79: r = r * 3 + 1; /* fall through */
    case 80: r = r * 3 + 2; /* fall through */
    case 81: r = r * 3 + 3; /* fall through */
    case 82: r = r * 3 + 4; /* fall through */
    case 83: r = r * 3 + 5; /* fall through */
    case 84: r = r * 3 + 6; /* fall through */
    case 85: r = r * 3 + 7; /* fall through */
    case 86: r = r * 3 + 8; /* fall through */
    case 87: r = r * 3 + 9; /* fall through */
    case 88: r = r * 3 + 10; /* fall through */
    case 89: r = r * 3 + 11; /* fall through */
    case 90: r = r * 3 + 12; /* fall through */
    case 91: r = r * 3 + 0; /* fall through */
    case 92: r = r * 3 + 1; /* fall through */
    case 93: r = r * 3 + 2; /* fall through */
    case 94: r = r * 3 + 3; /* fall through */
    case 95: r = r * 3 + 4; /* fall through */
    case 96: r = r * 3 + 5; /* fall through */
    case 97: r = r * 3 + 6; /* fall through */
    case 98: r = r * 3 + 7; /* fall through */
    case 99: r = r * 3 + 8; /* fall through */
    case 100: r = r * 3 + 9; /* fall through */
    case 101: r = r * 3 + 10; /* fall through */
    case 102: r = r * 3 + 11; /* fall through */
    case 103: r = r * 3 + 12; /* fall through */
    case 104: r = r * 3 + 0; /* fall through */
    case 105: r = r * 3 + 1; /* fall through */
    case 106: r = r * 3 + 2; /* fall through */
    case 107: r = r * 3 + 3; /* fall through */
    case 108: r = r * 3 + 4; /* fall through */
    case 109: r = r * 3 + 5; /* fall through */
    default: r ^= 0x55;
    }
    return r;
}

int main(void)
{
    u32 h = 0;
    for (u32 k = 0; k < 132; k++) {
        u32 r = dense(hide32(k), hide32(k * 2654435761u >> 8));
        h = h * 31 + r;
        con_printf("dense %3u %08x\n", k, r);
    }
    con_printf("dense hash %08x\n", h);
    int s = 0;
    for (int k = 990; k < 1130; k++) {
        int r = offset_table(hidei(k));
        s += r * (k - 980);
        if (k % 7 == 0 || r == -1) con_printf("off %d %d\n", k, r);
    }
    con_printf("off sum %d\n", s);
    for (int k = -2; k < 112; k += 5) con_printf("fall %d %08x\n", k, fall(hidei(k)));
    return 0;
}
