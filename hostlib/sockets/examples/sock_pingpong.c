/* sock_pingpong: a plain Berkeley-sockets benchmark (no GRIM call): the
 * client sends a block, the server sends it back; latency = RTT / 2 and
 * bandwidth = size / latency (the method of dissertation L2405), the median
 * over the iterations. Runs on any POSIX host as it is; on simulated hosts
 * through tools/msock-cc (docs/sockets.md).
 *   server:  sock_pingpong -s [-p port] [-b bytes]
 *   client:  sock_pingpong -c host [-p port] [-b bytes] [-n iters] [-w warmup]
 * Both sides are given the block size (-b): only the block crosses.
 * The client prints "measure: latency_us X", "measure: bandwidth_mbs Y",
 * "measure: rtt_us Z" and a checksum line of the data it got back. */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

static long long iterations_done;   /* a global: every host has its own */

static double now_us(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec * 1e6 + tv.tv_usec;
}

/* Move exactly n bytes (a stream may deliver them in pieces). */
static int write_all(int fd, const char *b, size_t n)
{
    while (n) {
        ssize_t k = write(fd, b, n);
        if (k <= 0) return -1;
        b += k, n -= (size_t)k;
    }
    return 0;
}

static int read_all(int fd, char *b, size_t n)
{
    while (n) {
        ssize_t k = read(fd, b, n);
        if (k <= 0) return -1;
        b += k, n -= (size_t)k;
    }
    return 0;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    const char *host = NULL;
    int server = 0, port = 5001, iters = 9, warmup = 1, c;
    long bytes = 1024;
    while ((c = getopt(argc, argv, "sc:p:b:n:w:")) != -1) {
        switch (c) {
        case 's': server = 1; break;
        case 'c': host = optarg; break;
        case 'p': port = atoi(optarg); break;
        case 'b': bytes = atol(optarg); break;
        case 'n': iters = atoi(optarg); break;
        case 'w': warmup = atoi(optarg); break;
        default: fprintf(stderr, "usage: %s -s | -c host [-p port] [-b bytes] [-n iters] [-w warmup]\n", argv[0]); return 2;
        }
    }
    if (!server && !host) {
        fprintf(stderr, "%s: -s or -c host\n", argv[0]);
        return 2;
    }
    if (bytes < 1 || iters < 1 || iters > 1000) {
        fprintf(stderr, "%s: -b >= 1, -n 1..1000\n", argv[0]);
        return 2;
    }
    int one = 1, fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        perror("socket");
        return 1;
    }
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    if (server) {
        a.sin_addr.s_addr = htonl(INADDR_ANY);
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, (struct sockaddr *)&a, sizeof a) || listen(fd, 4)) {
            perror("bind/listen");
            return 1;
        }
        int s = accept(fd, NULL, NULL);
        if (s < 0) {
            perror("accept");
            return 1;
        }
        setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        char *buf = malloc((size_t)bytes);
        /* each round: the block, echoed back; the client's close ends it */
        while (buf && read_all(s, buf, (size_t)bytes) == 0) {
            if (write_all(s, buf, (size_t)bytes)) return 1;
            iterations_done++;
        }
        printf("server: %lld blocks echoed\n", iterations_done);
        free(buf);
        close(s);
        close(fd);
        return 0;
    }
    struct hostent *he = gethostbyname(host);
    if (!he) {
        fprintf(stderr, "%s: unknown host %s\n", argv[0], host);
        return 1;
    }
    memcpy(&a.sin_addr, he->h_addr_list[0], sizeof a.sin_addr);
    int tries = 0;
    while (connect(fd, (struct sockaddr *)&a, sizeof a)) {
        if (errno != ECONNREFUSED || ++tries == 50) {
            perror("connect");
            return 1;
        }
        usleep(100);                      /* the server is not listening yet */
    }
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    char *out = malloc((size_t)bytes), *in = malloc((size_t)bytes);
    double *rtt = malloc(sizeof(double) * (size_t)iters);
    if (!out || !in || !rtt) return 1;
    for (long i = 0; i < bytes; i++) out[i] = (char)(i * 7 + (i >> 8));
    unsigned long sum = 0;
    for (int i = -warmup; i < iters; i++) {
        double t0 = now_us();
        if (write_all(fd, out, (size_t)bytes) ||
            read_all(fd, in, (size_t)bytes)) {
            perror("round trip");
            return 1;
        }
        if (i >= 0) rtt[i] = now_us() - t0;
    }
    for (long i = 0; i < bytes; i++) sum = sum * 31 + (unsigned char)in[i];
    qsort(rtt, (size_t)iters, sizeof *rtt, cmp);
    double med = rtt[iters / 2], lat = med / 2;
    printf("bytes %ld checksum %lu %s\n", bytes, sum, memcmp(in, out, (size_t)bytes) ? "BAD" : "ok");
    printf("measure: rtt_us %.3f\n", med);
    printf("measure: latency_us %.3f\n", lat);
    printf("measure: bandwidth_mbs %.3f\n", bytes / lat);
    close(fd);
    free(out), free(in), free(rtt);
    return 0;
}
