/* sock_echo: an echo server and a client that checks what comes back; an
 * ordinary Berkeley-sockets program (no GRIM call), for docs/sockets.md.
 *   server:  sock_echo -s [-p port] [-k clients]
 *   client:  sock_echo -c host [-p port] [-m messages] [-z seed]
 * The client sends messages of pseudo-random sizes (1 B .. 200 KB) in
 * pseudo-random write pieces, reads the echo back in other pieces, and
 * prints one data line per message and a checksum line; the server serves
 * k clients one after the other with select(). */
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

/* Per-host global state: the data's generator (message sizes and bytes)
 * and the one for write and read pieces, kept apart so that the data does
 * not depend on how much each read happens to find. */
static unsigned long rng = 1, prng = 7;

static unsigned long step(unsigned long *r)
{
    *r = *r * 6364136223846793005ul + 1442695040888963407ul;
    return *r >> 33;
}
static unsigned long next(void) { return step(&rng); }
static unsigned long piece(void) { return step(&prng); }

static int serve(int ls, int clients)
{
    char *buf = malloc(70000);
    long total = 0;
    for (int k = 0; k < clients; k++) {
        int s = accept(ls, NULL, NULL);
        if (s < 0 || !buf) {
            perror("accept");
            return 1;
        }
        for (;;) {
            fd_set r;
            FD_ZERO(&r);
            FD_SET(s, &r);
            if (select(s + 1, &r, NULL, NULL, NULL) < 0) {
                perror("select");
                return 1;
            }
            ssize_t n = read(s, buf, 1 + piece() % 70000);
            if (n < 0) {
                perror("read");
                return 1;
            }
            if (n == 0) break;               /* the client closed: everything echoed */
            for (ssize_t o = 0; o < n;) {
                ssize_t w = write(s, buf + o, (size_t)(n - o));
                if (w <= 0) {
                    perror("write");
                    return 1;
                }
                o += w;
            }
            total += n;
        }
        close(s);
    }
    printf("server: %ld bytes echoed to %d clients\n", total, clients);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    const char *host = NULL;
    int server = 0, port = 7, msgs = 10, clients = 1, c;
    while ((c = getopt(argc, argv, "sc:p:m:k:z:")) != -1) {
        switch (c) {
        case 's': server = 1; break;
        case 'c': host = optarg; break;
        case 'p': port = atoi(optarg); break;
        case 'm': msgs = atoi(optarg); break;
        case 'k': clients = atoi(optarg); break;
        case 'z': rng = strtoul(optarg, NULL, 10); break;
        default: fprintf(stderr, "usage: %s -s [-k clients] | -c host [-m messages] [-z seed] [-p port]\n", argv[0]); return 2;
        }
    }
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    if (fd < 0) {
        perror("socket");
        return 1;
    }
    if (server) {
        a.sin_addr.s_addr = htonl(INADDR_ANY);
        if (bind(fd, (struct sockaddr *)&a, sizeof a) || listen(fd, 8)) {
            perror("bind/listen");
            return 1;
        }
        int r = serve(fd, clients);
        close(fd);
        return r;
    }
    struct addrinfo hints, *res;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    if (getaddrinfo(host, ps, &hints, &res)) {
        fprintf(stderr, "%s: unknown host %s\n", argv[0], host);
        return 1;
    }
    int tries = 0;
    while (connect(fd, res->ai_addr, res->ai_addrlen)) {
        if (errno != ECONNREFUSED || ++tries == 50) {
            perror("connect");
            return 1;
        }
        usleep(100);
    }
    freeaddrinfo(res);
    unsigned long all = 0;
    char *out = malloc(200000), *in = malloc(200000);
    for (int m = 0; m < msgs && out && in; m++) {
        size_t n = 1 + next() % 200000;
        for (size_t i = 0; i < n; i++) out[i] = (char)next();
        size_t sent = 0, got = 0;
        /* writes in random pieces; read back whatever has come meanwhile
         * once each piece is out (the server echoes as it reads) */
        while (got < n) {
            if (sent < n) {
                size_t k = 1 + piece() % 50000;
                if (k > n - sent) k = n - sent;
                ssize_t w = write(fd, out + sent, k);
                if (w <= 0) {
                    perror("write");
                    return 1;
                }
                sent += (size_t)w;
            }
            if (sent == n || piece() % 2) {
                ssize_t r = read(fd, in + got, 1 + piece() % (n - got));
                if (r <= 0) {
                    perror("read");
                    return 1;
                }
                got += (size_t)r;
            }
        }
        unsigned long sum = 0;
        for (size_t i = 0; i < n; i++) sum = sum * 131 + (unsigned char)in[i];
        all = all * 7 + sum;
        printf("message %d: %zu bytes %s checksum %lu\n", m, n, memcmp(in, out, n) ? "BAD" : "ok", sum);
    }
    printf("checksum %lu\n", all);
    close(fd);
    free(out), free(in);
    return 0;
}
