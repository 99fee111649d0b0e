/* The process that starts a bot and ends its whole process tree: launcher.py in C.
 *
 * bot_launcher REFEREE_PID COMMAND...  behaves as `python -S launcher.py REFEREE_PID
 * COMMAND...` (its docstring says what and why) and is chosen over it when it was built:
 * a Python interpreter's start costs some 20 ms a bot, this program's well under one,
 * which a tournament pays for every bot of every worker.
 *
 * It forks the bot and stays as its parent, a child subreaper (PR_SET_CHILD_SUBREAPER), so
 * that whatever the bot starts, even a child in a session of its own, is reparented here
 * and can be found in /proc by parent and killed. The tree ends with the bot: once the bot
 * exits, what it left is killed and this process exits as the bot did (same code, same
 * signal). SIGTERM is passed on to the bot; END_SIGNAL (SIGUSR1, which Linux sends when the
 * thread that started this process dies: PR_SET_PDEATHSIG) kills the whole tree at once.
 *
 * Like the script, it takes its signals synchronously (sigwaitinfo with them blocked),
 * so that none is lost between a check and a blocking wait, and the tree's end, which
 * reads /proc and allocates, never runs in a handler.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define END_SIGNAL SIGUSR1
#define ENDING_ROUNDS 200 /* rounds of killing and reaping before giving up on a tree */
#define ROUND_PAUSE_NS 5000000L

typedef struct {
    pid_t pid;
    pid_t parent;
} process_link;

typedef struct {
    process_link *links;
    size_t count;
    size_t room;
} process_table;

/* Every process's parent, read from /proc; an empty table where there is none. */
static void read_process_table(process_table *table) {
    table->count = 0;
    DIR *proc = opendir("/proc");
    if (!proc) return;
    struct dirent *entry;
    while ((entry = readdir(proc))) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end || pid <= 0) continue;
        char path[64], stat[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        int descriptor = open(path, O_RDONLY | O_CLOEXEC);
        if (descriptor < 0) continue; /* gone meanwhile */
        ssize_t size = read(descriptor, stat, sizeof stat - 1);
        close(descriptor);
        if (size <= 0) continue;
        stat[size] = '\0';
        /* The command name in parentheses may hold spaces and parentheses: read after it. */
        char *after = strrchr(stat, ')');
        char state;
        long parent;
        if (!after || sscanf(after + 1, " %c %ld", &state, &parent) != 2) continue;
        if (table->count == table->room) {
            size_t room = table->room ? 2 * table->room : 256;
            process_link *grown = realloc(table->links, room * sizeof *grown);
            if (!grown) break;
            table->links = grown;
            table->room = room;
        }
        table->links[table->count++] = (process_link){(pid_t)pid, (pid_t)parent};
    }
    closedir(proc);
}

/* Kills every process below root that the table holds; how many it found. */
static size_t kill_descendants(const process_table *table, pid_t root) {
    size_t found = 0;
    pid_t *waiting = malloc((table->count + 1) * sizeof *waiting);
    if (!waiting) return 0;
    size_t waiting_count = 0;
    waiting[waiting_count++] = root;
    while (waiting_count) {
        pid_t parent = waiting[--waiting_count];
        for (size_t i = 0; i < table->count; i++) {
            if (table->links[i].parent != parent) continue;
            pid_t child = table->links[i].pid;
            kill(child, SIGKILL);
            found++;
            if (waiting_count < table->count) waiting[waiting_count++] = child;
        }
    }
    free(waiting);
    return found;
}

/* Waits for every child that has ended, without blocking; the bot's status if it was
 * among them (then *bot_ended is set). Whether any child is left. */
static int reap(pid_t bot, int *bot_status, int *bot_ended) {
    for (;;) {
        int status;
        pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid < 0) return errno != ECHILD;
        if (pid == 0) return 1;
        if (pid == bot) {
            *bot_status = status;
            *bot_ended = 1;
        }
    }
}

/* Kills every descendant of this process until none is left: each round kills what it
 * finds, and the orphans of the killed come to this subreaper for the next round. A
 * subreaper without children has no descendants (orphans are reparented before their
 * parent's end is told), so /proc is read only while there are. */
static void end_tree(pid_t bot, int *bot_status, int *bot_ended) {
    process_table table = {0};
    struct timespec pause = {0, ROUND_PAUSE_NS};
    for (int round = 0; round < ENDING_ROUNDS; round++) {
        if (!reap(bot, bot_status, bot_ended)) break;
        read_process_table(&table);
        if (kill_descendants(&table, getpid()) == 0) break;
        nanosleep(&pause, NULL);
    }
    free(table.links);
}

/* Leaves with the bot's exit: its code, or killed by its signal. */
static void exit_as(int status) {
    if (WIFSIGNALED(status)) {
        int number = WTERMSIG(status);
        sigset_t just;
        sigemptyset(&just);
        sigaddset(&just, number);
        signal(number, SIG_DFL);
        sigprocmask(SIG_UNBLOCK, &just, NULL);
        kill(getpid(), number);
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

static void set_parent_death_signal(int number) {
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, number, 0, 0, 0);
#else
    (void)number; /* not Linux: the process group is all there is */
#endif
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s REFEREE_PID COMMAND...\n", argv[0]);
        return 2;
    }
    pid_t referee = (pid_t)strtol(argv[1], NULL, 10);
    pid_t me = getpid();
    /* Held from the start: the referee's death before the loop below is then taken by it,
     * and the bot's end is read there too. */
    /* Children are waited for here: an ignored SIGCHLD inherited from whoever started the
     * referee would have them reaped unseen. */
    signal(SIGCHLD, SIG_DFL);
    sigset_t held;
    sigemptyset(&held);
    sigaddset(&held, SIGTERM);
    sigaddset(&held, END_SIGNAL);
    sigaddset(&held, SIGCHLD);
    sigprocmask(SIG_BLOCK, &held, NULL);
    set_parent_death_signal(END_SIGNAL);
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
    if (getppid() != referee) _exit(1); /* the referee died before the death signal was set */
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    pid_t bot = fork();
    if (bot < 0) {
        fprintf(stderr, "cannot start %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    if (bot == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        sigprocmask(SIG_UNBLOCK, &held, NULL); /* a mask outlives exec */
        set_parent_death_signal(SIGKILL);
        if (getppid() != me) _exit(1);
        execvp(argv[2], argv + 2);
        char message[512];
        int length = snprintf(message, sizeof message, "cannot start '%s': %s\n", argv[2],
                              strerror(errno));
        if (length > 0) (void)!write(2, message, (size_t)length);
        _exit(127);
    }
    /* The bot's pipes are its own: the referee sees their end when the bot's tree ends. */
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        for (int descriptor = 0; descriptor < 3; descriptor++) dup2(null, descriptor);
        if (null > 2) close(null);
    }
    int bot_status = 0, bot_ended = 0;
    for (;;) {
        siginfo_t info;
        int number = sigwaitinfo(&held, &info);
        if (number == SIGTERM) {
            kill(bot, SIGTERM);
        } else if (number == END_SIGNAL) {
            end_tree(bot, &bot_status, &bot_ended);
            if (bot_ended) exit_as(bot_status);
        } else if (number == SIGCHLD) {
            reap(bot, &bot_status, &bot_ended);
            if (bot_ended) {
                end_tree(bot, &bot_status, &bot_ended);
                exit_as(bot_status);
            }
        }
    }
}
