/* sock_check: stream semantics of a sockets implementation, as an ordinary
 * Berkeley-sockets program (no GRIM call; tests/sockets runs it on
 * simulated hosts over GRIM and over TCP). Node 1 runs "-s", node 0 "-c
 * node1". Every check prints "check NAME ok" or "check NAME FAIL ..."; the
 * client ends with "measure: failures N" and "measure: checks N".
 *   refused      connect to a port nobody listens on: ECONNREFUSED
 *   multi        three connections to one port at once, data interleaved:
 *                each stream arrives whole and unmixed (select)
 *   partial      one 100000-byte write read back in 777-byte reads
 *   backpressure a 300000-byte write to a reader with an 8 KB receive
 *                buffer that sleeps first: the write blocks, nothing is lost
 *   inflight     write then close at once: all data, then end of file
 *   eof_again    read after end of file returns 0 again
 *   ebadf        read on a closed socket, write on a descriptor never opened */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

static int failures, checks;

static void check(const char *name, int ok, const char *why)
{
    checks++;
    if (!ok) failures++;
    printf("check %s %s%s%s\n", name, ok ? "ok" : "FAIL", ok ? "" : " ", ok ? "" : why);
}

static unsigned char pat(int tag, long i) { return (unsigned char)(tag * 31 + i * 7 + i / 251); }

static struct sockaddr_in addr_of(const char *host, int port)
{
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    if (host) {
        struct hostent *he = gethostbyname(host);
        if (he) memcpy(&a.sin_addr, he->h_addr_list[0], 4);
    } else {
        a.sin_addr.s_addr = htonl(INADDR_ANY);
    }
    return a;
}

static int listener(int port, int rcvbuf)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = addr_of(NULL, port);
    if (rcvbuf) setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) || listen(fd, 4)) {
        perror("listener");
        exit(1);
    }
    return fd;
}

static int dial(const char *host, int port)
{
    struct sockaddr_in a = addr_of(host, port);
    for (int tries = 0; tries < 400; tries++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) return fd;
        int e = errno;
        close(fd);
        if (e != ECONNREFUSED) break;
        usleep(200);                 /* not listening yet */
    }
    perror("connect");
    exit(1);
}

/* Read until end of file; check the pattern of `tag`; the byte count. */
static long drain(int fd, int tag, size_t chunk, int *bad)
{
    char *b = malloc(chunk);
    long n = 0;
    ssize_t k;
    while ((k = read(fd, b, chunk)) > 0) {
        for (ssize_t i = 0; i < k; i++) *bad |= (unsigned char)b[i] != pat(tag, n + i);
        n += k;
    }
    if (k < 0) *bad = 1;
    free(b);
    return n;
}

static int send_pattern(int fd, int tag, long from, long n)
{
    char *b = malloc((size_t)n);
    for (long i = 0; i < n; i++) b[i] = (char)pat(tag, from + i);
    ssize_t w = write(fd, b, (size_t)n);
    free(b);
    return w == n ? 0 : -1;
}

static int server(void)
{
    int ls = listener(6000, 0), bad = 0;
    char why[100];
    /* multi: three at once, interleaved; the first byte names the stream */
    int c[3], done = 0;
    long got[3] = {0, 0, 0};
    int tag[3] = {-1, -1, -1};
    for (int i = 0; i < 3; i++) c[i] = accept(ls, NULL, NULL);
    while (done < 3) {
        fd_set r;
        FD_ZERO(&r);
        int mx = 0;
        for (int i = 0; i < 3; i++)
            if (c[i] >= 0) FD_SET(c[i], &r), mx = c[i] > mx ? c[i] : mx;
        if (select(mx + 1, &r, NULL, NULL, NULL) <= 0) break;
        for (int i = 0; i < 3; i++) {
            if (c[i] < 0 || !FD_ISSET(c[i], &r)) continue;
            char b[4096];
            ssize_t k = read(c[i], b, sizeof b);
            if (k <= 0) {
                close(c[i]);
                c[i] = -1;
                done++;
                continue;
            }
            for (ssize_t j = 0; j < k; j++) {
                if (tag[i] < 0) {
                    tag[i] = (unsigned char)b[j];
                    continue;
                }
                bad |= (unsigned char)b[j] != pat(tag[i], got[i]);
                got[i]++;
            }
        }
    }
    snprintf(why, sizeof why, "%ld %ld %ld bytes", got[0], got[1], got[2]);
    check("multi", !bad && got[0] == 30000 && got[1] == 30000 && got[2] == 30000 && tag[0] + tag[1] + tag[2] == 1 + 2 + 3, why);
    /* partial */
    bad = 0;
    int s = accept(ls, NULL, NULL);
    long n = drain(s, 4, 777, &bad);
    snprintf(why, sizeof why, "%ld bytes, bad %d", n, bad);
    check("partial", !bad && n == 100000, why);
    char b1;
    check("eof_again", read(s, &b1, 1) == 0, "a second read after end of file is not 0");
    close(s);
    /* backpressure: an 8 KB receive buffer and a reader that sleeps first */
    int ls2 = listener(6001, 8192);
    s = accept(ls2, NULL, NULL);
    usleep(3000);
    bad = 0;
    n = drain(s, 5, 65536, &bad);
    snprintf(why, sizeof why, "%ld bytes, bad %d", n, bad);
    check("backpressure", !bad && n == 300000, why);
    close(s);
    close(ls2);
    /* inflight: write then close at once */
    s = accept(ls, NULL, NULL);
    bad = 0;
    n = drain(s, 6, 10000, &bad);
    snprintf(why, sizeof why, "%ld bytes, bad %d", n, bad);
    check("inflight", !bad && n == 50000, why);
    close(s);
    close(ls);
    printf("server: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}

static int client(const char *host)
{
    char why[100];
    /* refused */
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = addr_of(host, 9999);
    int r = connect(fd, (struct sockaddr *)&a, sizeof a), e = errno;
    snprintf(why, sizeof why, "connect returned %d, errno %d (%s)", r, e, strerror(e));
    check("refused", r == -1 && e == ECONNREFUSED, why);
    close(fd);
    /* multi */
    int c[3];
    for (int i = 0; i < 3; i++) {
        c[i] = dial(host, 6000);
        unsigned char t = (unsigned char)(i + 1);
        if (write(c[i], &t, 1) != 1) return 1;
    }
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < 3; i++)
            if (send_pattern(c[i], i + 1, round * 10000L, 10000)) return 1;
    for (int i = 0; i < 3; i++) close(c[i]);
    /* partial */
    fd = dial(host, 6000);
    check("partial_write", send_pattern(fd, 4, 0, 100000) == 0, "short write");
    close(fd);
    /* backpressure */
    fd = dial(host, 6001);
    check("backpressure_write", send_pattern(fd, 5, 0, 300000) == 0, "short write");
    close(fd);
    /* inflight */
    fd = dial(host, 6000);
    check("inflight_write", send_pattern(fd, 6, 0, 50000) == 0, "short write");
    close(fd);
    /* ebadf */
    char b;
    errno = 0;
    r = (int)read(fd, &b, 1);
    e = errno;
    snprintf(why, sizeof why, "read on a closed socket returned %d, errno %d", r, e);
    check("ebadf_closed", r == -1 && e == EBADF, why);
    errno = 0;
    r = (int)write(987, &b, 1);
    e = errno;
    snprintf(why, sizeof why, "write on descriptor 987 returned %d, errno %d", r, e);
    check("ebadf_never_opened", r == -1 && e == EBADF, why);
    printf("measure: failures %d\n", failures);
    printf("measure: checks %d\n", checks);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "-s")) return server();
    if (argc == 3 && !strcmp(argv[1], "-c")) return client(argv[2]);
    fprintf(stderr, "usage: %s -s | -c host\n", argv[0]);
    return 2;
}
