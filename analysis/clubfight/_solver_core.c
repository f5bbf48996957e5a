/*
 * The Club Fight solver's search, compiled.
 *
 * A line-by-line port of analysis/clubfight/search.py (Search) and of
 * analysis/clubfight/_solver_core.py (club_masks, grid_max_clears,
 * club_capacities): same integer representation, same move order, same
 * bounds, same restarts and the same SplitMix64 tie-breaking, so it expands
 * the same nodes in the same order and returns the same line.  The Python
 * code is the reference: every soundness argument is written there, and the
 * tests run both and compare node counts, verdicts and lines.
 *
 * Built on first use by analysis/clubfight/_solver_native.py (gcc -O2, shared
 * library loaded with ctypes); when no compiler is there the Python search
 * runs instead.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>

typedef uint64_t u64;
typedef int64_t i64;

#define EMPTY 63
#define JOKER_SHIFT 26
#define SUIT_D 1
#define SUIT_H 2
#define SUIT_S 3
#define BIG 1000000

/* Rules fields, in this order, from Python. */
enum { R_MUST_CLEAR, R_JOKERS_MATCH, R_MATCH_ANY_SUBSET, R_SUM_JOKERS_ZERO,
       R_UPDOWN_ANY_SUBSET, R_LINE_JOKER_TARGET, R_RUN_MIN_CARDS, R_COUNT };
/* Techniques flags, in this order, from Python. */
enum { T_ORDER, T_BOUND, T_NEXT_CLUB, T_WINDOW, T_TAIL, T_TABLE, T_RESTARTS,
       T_WINDOW_CLUBS, T_FIRST_BUDGET, T_BLOCKING, T_LADDER, T_LADDER_MOVES, T_JOKER_DUTY,
       T_LAST_TWO, T_TWO_STEP, T_COUNT };
/* Blocked action flags of a window (blocking technique). */
#define BLOCK_LINE 1
#define BLOCK_UPDOWN 2
#define BLOCK_RUN 4
/* Stats, in this order, to Python. */
enum { S_CHILDREN, S_BOUND_CUTS, S_NEXT_CLUB_CUTS, S_WINDOW_CUTS, S_TAIL_CUTS,
       S_LADDER_CUTS, S_TABLE_HITS, S_RESTARTS, S_TABLE_SIZE, S_NODES, S_BEAMS,
       S_TWO_STEP_CUTS, S_CERTIFIED, S_COUNT };

static const int LINE_MASK[6] = {0007, 0070, 0700, 0111, 0222, 0444};
static int SLOT_LINES[9][2];
static int MASK_SLOTS[512][9];
static int MASK_LEN[512];
static uint8_t QUOTIENT[14][14];  /* QUOTIENT[a][b] = a / b (b >= 1): no division in a hot loop */
static int tables_ready = 0;

__attribute__((constructor)) static void init_tables(void) {
    if (tables_ready) return;
    for (int m = 0; m < 512; m++) {
        int n = 0;
        for (int s = 0; s < 9; s++) if (m >> s & 1) MASK_SLOTS[m][n++] = s;
        MASK_LEN[m] = n;
    }
    for (int s = 0; s < 9; s++) {
        SLOT_LINES[s][0] = s / 3;
        SLOT_LINES[s][1] = 3 + s % 3;
    }
    for (int a = 0; a < 14; a++)
        for (int b = 1; b < 14; b++) QUOTIENT[a][b] = (uint8_t)(a / b);
    tables_ready = 1;
}

/* Bit count without the library call __builtin_popcountll becomes when the
 * compiler may not assume a popcnt instruction (the flags are portable). */
static inline int popcount(u64 x) {
    x = x - (x >> 1 & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    return (int)(((x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full) * 0x0101010101010101ull >> 56);
}
static inline int slot_of(u64 grid, int s) { return (int)(grid >> (6 * s) & 63); }

/* ------------------------------------------------------------------------ */
/* A growable open-addressing map u64 -> int (values are arena indices).    */
/* ------------------------------------------------------------------------ */

/* A key and its value side by side: a lookup that misses the cache then
 * waits for one line, not two. */
typedef struct { u64 key; int val; } MapEntry;
typedef struct { MapEntry *at; size_t cap, size; } Map;
#define NO_KEY UINT64_MAX

static int map_init(Map *m, size_t cap) {
    m->cap = cap; m->size = 0;
    m->at = malloc(cap * sizeof(MapEntry));
    if (!m->at) return -1;
    for (size_t i = 0; i < cap; i++) m->at[i].key = NO_KEY;
    return 0;
}
static void map_free(Map *m) { free(m->at); m->at = NULL; }
static inline size_t hash64(u64 x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33; return (size_t)x;
}
static int map_get(const Map *m, u64 key) {
    size_t mask = m->cap - 1, i = hash64(key) & mask;
    while (m->at[i].key != NO_KEY) {
        if (m->at[i].key == key) return m->at[i].val;
        i = (i + 1) & mask;
    }
    return -1;
}
static int map_put(Map *m, u64 key, int val);
static int map_grow(Map *m) {
    Map n;
    if (map_init(&n, m->cap * 2)) return -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->at[i].key != NO_KEY) map_put(&n, m->at[i].key, m->at[i].val);
    map_free(m);
    *m = n;
    return 0;
}
static int map_put(Map *m, u64 key, int val) {
    if ((m->size + 1) * 2 > m->cap && map_grow(m)) return -1;
    size_t mask = m->cap - 1, i = hash64(key) & mask;
    while (m->at[i].key != NO_KEY) {
        if (m->at[i].key == key) { m->at[i].val = val; return 0; }
        i = (i + 1) & mask;
    }
    m->at[i].key = key; m->at[i].val = val; m->size++;
    return 0;
}
static void map_clear(Map *m) {
    for (size_t i = 0; i < m->cap; i++) m->at[i].key = NO_KEY;
    m->size = 0;
}

/* The refuted states: (grid, played) pairs, an exact set.  An entry's played
 * value may carry CUT_ONLY: a child two_step cut without making it a node,
 * which the certificate leaves out (the checker settles it by its own search). */
typedef struct { u64 *grids; uint16_t *played; size_t cap, size; } StateSet;
#define NO_PLAYED 0xFFFF
#define PLAYED_BITS 0x3FFF
#define CUT_ONLY 0x4000

static int set_init(StateSet *t, size_t cap) {
    t->cap = cap; t->size = 0;
    t->grids = malloc(cap * sizeof(u64));
    t->played = malloc(cap * sizeof(uint16_t));
    if (!t->grids || !t->played) return -1;
    for (size_t i = 0; i < cap; i++) t->played[i] = NO_PLAYED;
    return 0;
}
static void set_free(StateSet *t) { free(t->grids); free(t->played); }
static inline size_t state_hash(u64 grid, int played) {
    return hash64(grid * 0x9E3779B97F4A7C15ULL ^ (u64)played);
}
static int set_has(const StateSet *t, u64 grid, int played) {
    size_t mask = t->cap - 1, i = state_hash(grid, played) & mask;
    while (t->played[i] != NO_PLAYED) {
        if ((t->played[i] & PLAYED_BITS) == played && t->grids[i] == grid) return 1;
        i = (i + 1) & mask;
    }
    return 0;
}
static int set_add(StateSet *t, u64 grid, int played);
static int set_grow(StateSet *t) {
    StateSet n;
    if (set_init(&n, t->cap * 2)) return -1;
    for (size_t i = 0; i < t->cap; i++)
        if (t->played[i] != NO_PLAYED) set_add(&n, t->grids[i], t->played[i]);
    set_free(t);
    *t = n;
    return 0;
}
static int set_add(StateSet *t, u64 grid, int played) {
    if ((t->size + 1) * 2 > t->cap && set_grow(t)) return -1;
    int key = played & PLAYED_BITS;
    size_t mask = t->cap - 1, i = state_hash(grid, key) & mask;
    while (t->played[i] != NO_PLAYED) {
        if ((t->played[i] & PLAYED_BITS) == key && t->grids[i] == grid) return 0;
        i = (i + 1) & mask;
    }
    t->grids[i] = grid; t->played[i] = (uint16_t)played; t->size++;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The search state                                                          */
/* ------------------------------------------------------------------------ */

typedef struct { uint8_t k; uint16_t mask; } MoveE;
typedef struct { int caps[14], joker_caps[14], left, jokers; } Caps;
typedef struct { i64 total, loss, other; int loss_club, has_loss; } ClubSum;
typedef struct { u64 grid; int v[14]; } MaxClears;  /* one cache line */
#define GRID_SLOTS_FIRST (1 << 10)
#define GRID_SLOTS (1 << 16)

/* A child in a node's list. */
typedef struct {
    double score; int k, club; int mask; uint32_t key; int after;
    u64 child; int child_dealt; int has_child;
} Child;

typedef struct { int list[512]; int n; uint16_t seen[512]; uint16_t gen; } Found;

typedef struct {
    int total;
    int values[64], suits[64];
    uint32_t delta[64];
    uint32_t suffix[65];
    /* suit_prefix[s][i]: cards of suit s (D, H, S) among card indices < i. */
    int suit_prefix[4][65];
    /* value_prefix[i][v]: cards of value v (0: Jokers) among card indices < i;
     * below_prefix[i][v]: cards of a value from 1 to v - 1 among them. */
    uint8_t value_prefix[65][15], below_prefix[65][15];
    int drawn[16], n_drawn;
    int all_clubs;
    int available[14];
    int club_order[16], n_clubs, hand_size, start_dealt, ladder_usable;
    /* ladder[((row * (total + 1) + C) * jj + gone) * jj + taken]: ladder_needs
     * (NULL until built), row = ladder_row[played], the sets of clubs that can
     * have been played numbered in turn; duty: the Jokers only Any or a Line
     * takes (0 when Jokers match or join Sums, or joker_duty is off), jj =
     * duty + 1. */
    uint8_t *ladder;
    int16_t *ladder_row;
    int duty, jj;
    int rules[R_COUNT];
    int tech[T_COUNT];
    int jokers_constrained;
    int leave;  /* the goal: at most this many cards left (solver.py: solve's leave) */
    const int *budgets; int n_budgets; double noise_level;
    i64 max_nodes; double deadline; int has_deadline;

    i64 nodes, budget; int has_budget;
    double noise; u64 rng;
    i64 stats[S_COUNT];

    Map move_map; MoveE *moves; size_t n_moves, cap_moves;
    Map caps_map; Caps *caps; size_t n_caps, cap_caps;
    Map sum_map; ClubSum *sums; size_t n_sums, cap_sums;
    MaxClears *grids; size_t grid_slots;  /* direct-mapped (see max_clears) */
    StateSet refuted;

    Child *child_buf[16]; size_t child_cap[16];
    int line_club[16], line_mask[16], line_len;
    /* Only the lines that begin with these moves are searched (search.py's prefix). */
    int prefix_club[16], prefix_mask[16], prefix_len;
    int oom;
    /* Scratch space of the move generator (kept here, not in statics: ctypes
     * releases the GIL, so two threads may search at once). */
    Found found;
    int sum_total[600], sum_mask[600];
    int run_masks[2][512];
} Search;

enum { R_WIN = 0, R_LOSS = 1, R_STOP = 2, R_RESTART = 3, R_OOM = 4 };

/* Ctrl-C while the search runs: Python's own handler only runs once the call
 * returns, so cf_solve (when asked) catches SIGINT itself, the search polls
 * this flag, and the call returns 5 within a few milliseconds. */
static volatile sig_atomic_t cf_interrupted = 0;
static void cf_on_sigint(int sig) { (void)sig; cf_interrupted = 1; }
/* Clear the flag and, when asked, catch SIGINT until the call ends: 1 when
 * hooked (previous then holds the handler to put back). */
static int catch_sigint(int asked, struct sigaction *previous) {
    struct sigaction mine;
    cf_interrupted = 0;
    if (!asked) return 0;
    memset(&mine, 0, sizeof mine);
    mine.sa_handler = cf_on_sigint;
    sigemptyset(&mine.sa_mask);
    return sigaction(SIGINT, &mine, previous) == 0;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double splitmix_random(u64 *state) {
    *state += 0x9E3779B97F4A7C15ULL;
    u64 z = *state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

#define GROW(arr, n, cap, type) do { \
    if ((n) >= (cap)) { size_t nc = (cap) ? (cap) * 2 : 1024; \
        type *p = realloc((arr), nc * sizeof(type)); if (!p) { S->oom = 1; return NULL; } \
        (arr) = p; (cap) = nc; } } while (0)

/* Caches are only caches: past this many entries they are emptied (results
 * do not change, only the time to recompute). */
#define CACHE_LIMIT 2000000
#define MOVE_LIMIT (1 << 23)

/* ------------------------------------------------------------------------ */
/* Move generation (club_masks)                                              */
/* ------------------------------------------------------------------------ */


static inline void found_add(Found *f, int mask) {
    if (f->seen[mask] != f->gen) { f->seen[mask] = f->gen; f->list[f->n++] = mask; }
}

static void club_masks(Search *S, const int *cells, int club, Found *f) {
    const int *R = S->rules;
    int filled = 0, jokers = 0, by_value[15] = {0}, d = 0, h = 0, sp = 0;
    f->gen++;
    if (f->gen == 0) { memset(f->seen, 0, sizeof(f->seen)); f->gen = 1; }
    f->n = 0;
    for (int s = 0; s < 9; s++) {
        int index = cells[s];
        if (index < 0) continue;
        int bit = 1 << s;
        filled |= bit;
        int value = S->values[index];
        if (value == 0) { jokers |= bit; continue; }
        by_value[value] |= bit;
        int suit = S->suits[index];
        if (suit == SUIT_D) d++; else if (suit == SUIT_H) h++; else if (suit == SUIT_S) sp++;
    }
    /* Match */
    int targets = by_value[club] | (R[R_JOKERS_MATCH] ? jokers : 0);
    if (targets) {
        if (R[R_MATCH_ANY_SUBSET]) {
            for (int sub = targets; sub; sub = (sub - 1) & targets) found_add(f, sub);
        } else found_add(f, targets);
    } else if (!R[R_MUST_CLEAR]) found_add(f, 0);
    /* Sum */
    {
        int *ptotal = S->sum_total, *pmask = S->sum_mask;
        int n = 1;
        ptotal[0] = 0; pmask[0] = 0;
        for (int s = 0; s < 9; s++) {
            int value = cells[s] >= 0 ? S->values[cells[s]] : 0;
            if (value == 0 || value > club) continue;
            int bit = 1 << s, m = n;
            for (int i = 0; i < m; i++)
                if (ptotal[i] + value <= club) {
                    ptotal[n] = ptotal[i] + value; pmask[n] = pmask[i] | bit; n++;
                }
        }
        for (int i = 0; i < n; i++) {
            if (ptotal[i] != club) continue;
            found_add(f, pmask[i]);
            if (R[R_SUM_JOKERS_ZERO])
                for (int sub = jokers; sub; sub = (sub - 1) & jokers) found_add(f, pmask[i] | sub);
        }
    }
    /* Any */
    for (int s = 0; s < 9; s++) if (filled >> s & 1) found_add(f, 1 << s);
    /* Line */
    if (d < 3) {
        int aim = by_value[club] | (R[R_LINE_JOKER_TARGET] ? jokers : 0);
        for (int n = 0; n < 6; n++) if (aim & LINE_MASK[n]) found_add(f, LINE_MASK[n] & filled);
    }
    /* Up/Down */
    if (sp < 3) {
        for (int dir = 0; dir < 2; dir++) {
            int allowed = dir == 0 ? (club >= 2 && club <= 7) : (club >= 7 && club <= 12);
            if (!allowed) continue;
            int side = 0;
            if (dir == 0) for (int v = 1; v < club; v++) side |= by_value[v];
            else for (int v = club + 1; v < 14; v++) side |= by_value[v];
            if (side) {
                if (R[R_UPDOWN_ANY_SUBSET]) {
                    for (int sub = side; sub; sub = (sub - 1) & side) found_add(f, sub);
                } else found_add(f, side);
            } else if (!R[R_MUST_CLEAR]) found_add(f, 0);
        }
    }
    /* Run */
    if (h < 3) {
        int low = club, high = club;
        while (low > 1 && by_value[low - 1]) low--;
        while (high < 13 && by_value[high + 1]) high++;
        int (*masks)[512] = S->run_masks;
        for (int lo = club; lo >= low; lo--) {
            for (int hi = club; hi <= high; hi++) {
                if (hi == lo || hi - lo + 1 < R[R_RUN_MIN_CARDS]) continue;
                int cur = 0, n = 1;
                masks[0][0] = 0;
                for (int v = lo; v <= hi; v++) {
                    if (v == club) continue;
                    int bv = by_value[v], nn = 0;
                    for (int i = 0; i < n; i++)
                        for (int j = 0; j < MASK_LEN[bv]; j++)
                            masks[1 - cur][nn++] = masks[cur][i] | 1 << MASK_SLOTS[bv][j];
                    cur = 1 - cur; n = nn;
                }
                for (int i = 0; i < n; i++) found_add(f, masks[cur][i]);
            }
        }
    }
}

/* Stable sort of moves by cleared count, biggest first (counting sort). */
static void sort_moves(MoveE *m, int n) {
    MoveE tmp[512];
    int start[11] = {0};
    for (int i = 0; i < n; i++) start[9 - m[i].k + 1]++;
    for (int k = 1; k <= 10; k++) start[k] += start[k - 1];
    for (int i = 0; i < n; i++) tmp[start[9 - m[i].k]++] = m[i];
    memcpy(m, tmp, n * sizeof(MoveE));
}

/* What clearing the slots of mask takes off the count key (cards by value). */
static inline uint32_t mask_delta(const Search *S, u64 grid, int mask) {
    uint32_t delta = 0;
    for (int j = 0; j < MASK_LEN[mask]; j++) delta += S->delta[slot_of(grid, MASK_SLOTS[mask][j])];
    return delta;
}

static void unpack(u64 grid, int *cells) {
    for (int s = 0; s < 9; s++) {
        int i = slot_of(grid, s);
        cells[s] = i == EMPTY ? -1 : i;
    }
}

/* moves(grid, club): offset into S->moves and count. */
static MoveE *moves_of(Search *S, u64 grid, int club, int *count) {
    u64 key = grid << 4 | (u64)club;
    int at = map_get(&S->move_map, key);
    if (at >= 0) {  /* a header entry whose mask field holds the count, then the moves */
        *count = S->moves[at].mask;
        return S->moves + at + 1;
    }
    Found *fp = &S->found;
    int cells[9];
    unpack(grid, cells);
    club_masks(S, cells, club, fp);
    if (S->n_moves + fp->n + 1 > MOVE_LIMIT) { map_clear(&S->move_map); S->n_moves = 0; }
    while (S->n_moves + fp->n + 1 >= S->cap_moves) {
        size_t nc = S->cap_moves ? S->cap_moves * 2 : 65536;
        MoveE *p = realloc(S->moves, nc * sizeof(MoveE));
        if (!p) { S->oom = 1; return NULL; }
        S->moves = p; S->cap_moves = nc;
    }
    MoveE *head = S->moves + S->n_moves;
    head->k = 0; head->mask = (uint16_t)fp->n;
    MoveE *m = head + 1;
    for (int i = 0; i < fp->n; i++) {
        int mask = fp->list[i];
        m[i].k = (uint8_t)MASK_LEN[mask]; m[i].mask = (uint16_t)mask;
    }
    if (S->tech[T_ORDER]) sort_moves(m, fp->n);
    if (map_put(&S->move_map, key, (int)S->n_moves)) { S->oom = 1; return NULL; }
    S->n_moves += fp->n + 1;
    *count = fp->n;
    return m;
}

/* ------------------------------------------------------------------------ */
/* Bounds                                                                    */
/* ------------------------------------------------------------------------ */

static void unpack_counts(uint32_t key, int *count, int *jokers) {
    count[0] = 0; count[14] = 0;
    for (int v = 1; v <= 13; v++) count[v] = key >> (2 * (v - 1)) & 3;
    *jokers = key >> JOKER_SHIFT & 3;
}

/* The greedy sum of every club (_greedy_sum_counts): smallest values first,
 * each value's cards all taken while they fit, then as many of the first
 * value that does not.  The values taken whole only grow with the club, so
 * one pass serves the 13 clubs, with one quotient each (a table, not a division). */
static void greedy_sums(const int *count, int first, int *out) {
    for (int c = 0; c < first && c < 14; c++) out[c] = 0;
    int v = 1, taken = 0, spent = 0;  /* every card of value below v is taken */
    for (int club = first; club < 14; club++) {
        while (v <= club && spent + count[v] * v <= club) {
            taken += count[v];
            spent += count[v] * v;
            v++;
        }
        out[club] = taken + (v <= club ? QUOTIENT[club - spent][v] : 0);
    }
}

static void club_capacities(const Search *S, uint32_t key, int blocked, Caps *out) {
    const int *R = S->rules;
    int count[15], jokers;
    unpack_counts(key, count, &jokers);
    int valued = 0;
    for (int v = 1; v <= 13; v++) valued += count[v];
    int left = valued + jokers;
    int sums[14];
    /* Sums of clubs 2..7 never beat their Up/Down lower, unless Up/Down is
     * blocked or Jokers join Sums at 0 (see _solver_core.club_capacities). */
    greedy_sums(count, (R[R_SUM_JOKERS_ZERO] || (blocked & BLOCK_UPDOWN)) ? 1 : 8, sums);
    int below[15];
    below[0] = 0;
    for (int v = 1; v < 15; v++) below[v] = below[v - 1] + count[v - 1];
    int limit = left > 9 ? 9 : left;
    out->caps[0] = out->joker_caps[0] = 0;
    for (int club = 1; club < 14; club++) {
        int most = 1;
        int match = count[club] + (R[R_JOKERS_MATCH] ? jokers : 0);
        if (match > most) most = match;
        int summed = sums[club];
        if (summed) {
            summed += R[R_SUM_JOKERS_ZERO] ? jokers : 0;
            if (summed > most) most = summed;
        }
        int line_possible = count[club] > 0 || (R[R_LINE_JOKER_TARGET] && jokers > 0);
        if (line_possible && !(blocked & BLOCK_LINE) && most < 3) most = 3;
        if (!(blocked & BLOCK_UPDOWN)) {
            if (club >= 2 && club <= 7 && below[club] > most) most = below[club];
            if (club >= 7 && club <= 12 && valued - below[club + 1] > most) most = valued - below[club + 1];
        }
        if (!(blocked & BLOCK_RUN)) {
            int low = club, high = club;
            while (low > 1 && count[low - 1]) low--;
            while (high < 13 && count[high + 1]) high++;
            if (high - low + 1 >= R[R_RUN_MIN_CARDS] && high - low > most) most = high - low;
        }
        out->caps[club] = most < limit ? most : limit;
        int joker = line_possible ? 3 : 1;
        out->joker_caps[club] = joker < out->caps[club] ? joker : out->caps[club];
    }
    out->left = left;
    out->jokers = jokers;
}

/* Capacities of the cards of a count key with some actions known blocked
 * (``blocked``: BLOCK_* flags; 0 for the plain capacities). */
static const Caps *caps_blocked_of(Search *S, uint32_t key, int blocked) {
    u64 k = (u64)key | (u64)blocked << 32;
    int at = map_get(&S->caps_map, k);
    if (at >= 0) return S->caps + at;
    if (S->n_caps >= CACHE_LIMIT) { map_clear(&S->caps_map); S->n_caps = 0; }
    GROW(S->caps, S->n_caps, S->cap_caps, Caps);
    club_capacities(S, key, blocked, S->caps + S->n_caps);
    if (map_put(&S->caps_map, k, (int)S->n_caps)) { S->oom = 1; return NULL; }
    return S->caps + S->n_caps++;
}

static const Caps *caps_of(Search *S, uint32_t key) { return caps_blocked_of(S, key, 0); }

/* _joker_loss: least loss and a club of it. */
static void joker_loss(const int *clubs, int n, const Caps *c, int jokers, i64 *loss, int *club) {
    int lv[14], lc[14];
    for (int i = 0; i < n; i++) { lv[i] = c->caps[clubs[i]] - c->joker_caps[clubs[i]]; lc[i] = clubs[i]; }
    /* sort by (loss, club) ascending: insertion sort */
    for (int i = 1; i < n; i++) {
        int a = lv[i], b = lc[i], j = i - 1;
        while (j >= 0 && (lv[j] > a || (lv[j] == a && lc[j] > b))) { lv[j + 1] = lv[j]; lc[j + 1] = lc[j]; j--; }
        lv[j + 1] = a; lc[j + 1] = b;
    }
    if (n == 0) { *loss = BIG; *club = 0; return; }
    if (jokers == 1) { *loss = lv[0]; *club = lc[0]; return; }
    i64 best = BIG; int best_club = 0;
    if (n >= 2) { best = lv[0] + lv[1]; best_club = lc[0]; }
    for (int i = 0; i < n; i++)
        if (c->joker_caps[lc[i]] == 3 && lv[i] < best) { best = lv[i]; best_club = lc[i]; }
    *loss = best; *club = best_club;
}

static const ClubSum *club_sum(Search *S, uint32_t key, int remaining) {
    u64 k = (u64)key << 14 | (u64)remaining;
    int at = map_get(&S->sum_map, k);
    if (at >= 0) return S->sums + at;
    const Caps *c = caps_of(S, key);
    if (!c) return NULL;
    if (S->n_sums >= CACHE_LIMIT) { map_clear(&S->sum_map); S->n_sums = 0; }
    GROW(S->sums, S->n_sums, S->cap_sums, ClubSum);
    ClubSum *out = S->sums + S->n_sums;
    int clubs[14], n = 0;
    for (int v = 1; v < 14; v++) if (remaining >> v & 1) clubs[n++] = v;
    i64 total = 0;
    for (int i = 0; i < n; i++) total += c->caps[clubs[i]];
    out->total = total;
    if (!(c->jokers && S->jokers_constrained)) {
        out->has_loss = 0; out->loss = 0; out->loss_club = 0; out->other = 0;
    } else {
        i64 loss, other; int loss_club, other_club;
        joker_loss(clubs, n, c, c->jokers, &loss, &loss_club);
        int rest[14], m = 0;
        for (int i = 0; i < n; i++) if (clubs[i] != loss_club) rest[m++] = clubs[i];
        joker_loss(rest, m, c, c->jokers, &other, &other_club);
        out->has_loss = 1; out->loss = loss; out->loss_club = loss_club; out->other = other;
    }
    if (map_put(&S->sum_map, k, (int)S->n_sums)) { S->oom = 1; return NULL; }
    S->n_sums++;
    return out;
}

static i64 capacity_bound(Search *S, uint32_t key, int remaining) {
    const ClubSum *cs = club_sum(S, key, remaining);
    if (!cs) return BIG;
    return cs->has_loss ? cs->total - cs->loss : cs->total;
}

static void grid_max_clears(const Search *S, const int *cells, int *out) {
    const int *R = S->rules;
    int count[15] = {0}, jokers = 0, filled = 0, d = 0, h = 0, sp = 0;
    int line_filled[6] = {0}, line_values[6] = {0}, line_jokers[6] = {0};
    for (int s = 0; s < 9; s++) {
        int index = cells[s];
        if (index < 0) continue;
        filled++;
        int value = S->values[index];
        for (int t = 0; t < 2; t++) {
            int n = SLOT_LINES[s][t];
            line_filled[n]++;
            if (value) line_values[n] |= 1 << value; else line_jokers[n] = 1;
        }
        if (value == 0) { jokers++; continue; }
        count[value]++;
        int suit = S->suits[index];  /* counted without branches: suits come in no order */
        d += suit == SUIT_D; h += suit == SUIT_H; sp += suit == SUIT_S;
    }
    int line_best[15] = {0}, joker_line = 0;
    if (d < 3) {
        for (int n = 0; n < 6; n++) {
            int size = line_filled[n];
            for (unsigned present = (unsigned)line_values[n]; present; present &= present - 1) {
                int v = __builtin_ctz(present);
                if (size > line_best[v]) line_best[v] = size;
            }
            if (line_jokers[n] && size > joker_line) joker_line = size;
        }
    }
    int sums[14];
    greedy_sums(count, 1, sums);
    int below[15];
    below[0] = 0;
    for (int v = 1; v < 15; v++) below[v] = below[v - 1] + count[v - 1];
    int valued = below[14];
    /* down[v]: how many values v, v - 1, ... are all present in a row; up[v]
     * the same upwards (a Run's stretch through a club, without a scan). */
    int down[15], up[15];
    down[0] = 0; up[14] = 0;
    for (int v = 1; v < 14; v++) down[v] = count[v] ? down[v - 1] + 1 : 0;
    for (int v = 13; v >= 1; v--) up[v] = count[v] ? up[v + 1] + 1 : 0;
    out[0] = jokers;
    for (int club = 1; club < 14; club++) {
        int most = filled ? 1 : 0;
        int match = count[club] + (R[R_JOKERS_MATCH] ? jokers : 0);
        if (match > most) most = match;
        int summed = sums[club];
        if (summed) {
            summed += R[R_SUM_JOKERS_ZERO] ? jokers : 0;
            if (summed > most) most = summed;
        }
        int line = line_best[club];
        if (R[R_LINE_JOKER_TARGET] && joker_line > line) line = joker_line;
        if (line > most) most = line;
        if (sp < 3) {
            if (club >= 2 && club <= 7 && below[club] > most) most = below[club];
            if (club >= 7 && club <= 12 && valued - below[club + 1] > most) most = valued - below[club + 1];
        }
        if (h < 3) {
            int low = club - down[club - 1], high = club + up[club + 1];
            if (high - low + 1 >= R[R_RUN_MIN_CARDS] && high - low > most) most = high - low;
        }
        out[club] = most;
    }
}

/* The largest clear of every club on a grid, remembered in a direct-mapped
 * table: most lookups are of a grid just made (a child's bounds ask twice),
 * and a bounded table stays in the caches where a map of every grid does
 * not.  The pointer is good until the next call; NULL when out of memory. */
static int grid_table(Search *S, size_t slots) {
    free(S->grids);
    S->grids = aligned_alloc(64, slots * sizeof(MaxClears));
    if (!S->grids) { S->oom = 1; return -1; }
    for (size_t i = 0; i < slots; i++) S->grids[i].grid = NO_KEY;  /* no grid's value */
    S->grid_slots = slots;
    return 0;
}

static const int *max_clears(Search *S, u64 grid) {
    MaxClears *e = S->grids + (hash64(grid) & (S->grid_slots - 1));
    if (e->grid == grid) return e->v;
    /* The table grows with the search (a small one for the many searches
     * of a few nodes, whose time its setting up would otherwise take). */
    if (S->grid_slots < GRID_SLOTS && S->nodes >= (i64)S->grid_slots) {
        if (grid_table(S, S->grid_slots * 4)) return NULL;
        e = S->grids + (hash64(grid) & (S->grid_slots - 1));
    }
    int cells[9];
    unpack(grid, cells);
    grid_max_clears(S, cells, e->v);
    e->grid = grid;
    return e->v;
}

static i64 next_club_bound(Search *S, u64 grid, uint32_t key, int hand, int remaining) {
    /* In this order: club_sum fills the caps cache, caps_of then only reads
     * it, and max_clears has a table of its own, so no pointer moves meanwhile. */
    const ClubSum *cs = club_sum(S, key, remaining);
    if (!cs) return BIG;
    const Caps *c = caps_of(S, key);
    const int *now = max_clears(S, grid);
    if (!c || !now) return BIG;
    int duty = cs->has_loss && !now[0];
    i64 best = -1;
    for (int v = 1; v < 14; v++) {
        if (!(hand >> v & 1)) continue;
        i64 bound = cs->total - c->caps[v] + now[v];
        if (duty) bound -= cs->loss_club != v ? cs->loss : cs->other;
        if (bound > best) best = bound;
    }
    return best;
}

static int can_finish(Search *S, int club, int first_tail, int need, uint32_t key) {
    const int *R = S->rules;
    if (need > 9) return 0;
    int size = first_tail < S->total ? S->total - first_tail : 0;
    if (need < size) need = size;
    int jokers_in_tail = 0, d = 0, h = 0, sp = 0, total_value = 0;
    int tv[64], nt = 0;
    for (int index = first_tail; index < S->total; index++) {
        int value = S->values[index];
        if (value == 0) { jokers_in_tail++; continue; }
        tv[nt++] = value;
        total_value += value;
        int suit = S->suits[index];
        if (suit == SUIT_D) d++; else if (suit == SUIT_H) h++; else if (suit == SUIT_S) sp++;
    }
    int count[15], jokers;
    unpack_counts(key, count, &jokers);
    if (need <= 1) return 1;
    if (need <= 3 && d < 3 && (count[club] > 0 || (R[R_LINE_JOKER_TARGET] && jokers > 0))) return 1;
    int valued_only = jokers_in_tail == 0;
    if (valued_only || R[R_JOKERS_MATCH]) {
        int all = 1;
        for (int i = 0; i < nt; i++) if (tv[i] != club) { all = 0; break; }
        if (all && need <= count[club] + (R[R_JOKERS_MATCH] ? jokers : 0)) return 1;
    }
    if ((valued_only || R[R_SUM_JOKERS_ZERO]) && total_value <= club) {
        const Caps *c = caps_of(S, key);
        if (c && need <= c->caps[club]) return 1;
    }
    if (!valued_only) return 0;
    if (sp < 3) {
        if (club >= 2 && club <= 7) {
            int all = 1, n = 0;
            for (int i = 0; i < nt; i++) if (!(tv[i] < club)) { all = 0; break; }
            for (int v = 1; v < club; v++) n += count[v];
            if (all && need <= n) return 1;
        }
        if (club >= 7 && club <= 12) {
            int all = 1, n = 0;
            for (int i = 0; i < nt; i++) if (!(tv[i] > club)) { all = 0; break; }
            for (int v = club + 1; v < 14; v++) n += count[v];
            if (all && need <= n) return 1;
        }
    }
    if (h < 3) {
        int seen = 0, distinct = 1, has_club = 0;
        for (int i = 0; i < nt; i++) {
            if (seen >> tv[i] & 1) distinct = 0;
            seen |= 1 << tv[i];
            if (tv[i] == club) has_club = 1;
        }
        if (distinct && !has_club) {
            int low = club, high = club;
            for (int i = 0; i < nt; i++) { if (tv[i] < low) low = tv[i]; if (tv[i] > high) high = tv[i]; }
            int all = 1;
            for (int v = low; v <= high; v++) if (v != club && !count[v]) { all = 0; break; }
            if (all) {
                while (low > 1 && count[low - 1]) low--;
                while (high < 13 && count[high + 1]) high++;
                if (need <= high - low && high - low + 1 >= R[R_RUN_MIN_CARDS]) return 1;
            }
        }
    }
    return 0;
}

static i64 window_bound(Search *S, u64 grid, int dealt, uint32_t key, int turn, int remaining) {
    const Caps *c0 = caps_of(S, key);
    if (!c0) return BIG;
    int left = c0->left;
    int clubs[14], k = 0;
    for (int v = 1; v < 14; v++) if (remaining >> v & 1) clubs[k++] = v;
    int start[14];
    for (int i = 0; i < k; i++) {
        int a = S->available[clubs[i]] - turn;
        start[i] = a > 0 ? a : 0;
    }
    int full = (1 << k) - 1;
    int best[1 << 13];
    for (int i = 0; i <= full; i++) best[i] = -1;
    best[0] = 0;
    /* Window caps per cleared count (0..left), copied: later cache calls may
     * move the arenas. */
    int wcaps[64][14];
    uint64_t have = 0;
    const int *g = max_clears(S, grid);
    if (!g) return BIG;
    memcpy(wcaps[0], g, sizeof(wcaps[0]));
    have = 1;
    int bound = 0;
    /* Suits on the grid now (blocking technique: see window_blocked). */
    int grid_suits[4] = {0};
    if (S->tech[T_BLOCKING]) {
        int cells[9];
        unpack(grid, cells);
        for (int s = 0; s < 9; s++)
            if (cells[s] >= 0 && S->values[cells[s]]) grid_suits[S->suits[cells[s]]]++;
    }
    for (int used = 0; used <= full; used++) {
        int cleared = best[used];
        if (cleared < 0) continue;
        if (cleared > bound) bound = cleared;
        if (used == full) continue;
        if (!(have >> cleared & 1)) {
            int p = S->total < dealt + cleared ? S->total : dealt + cleared;
            int blocked = 0;
            if (S->tech[T_BLOCKING]) {
                /* The grid then is the window (grid now and deck cards dealt
                 * up to p) less the `cleared` cards cleared meanwhile. */
                static const int flag[4] = {0, BLOCK_LINE, BLOCK_RUN, BLOCK_UPDOWN};
                for (int suit = SUIT_D; suit <= SUIT_S; suit++)
                    if (grid_suits[suit] + S->suit_prefix[suit][p] - S->suit_prefix[suit][dealt]
                            - cleared >= 3) blocked |= flag[suit];
            }
            const Caps *cw = caps_blocked_of(S, key - S->suffix[p], blocked);
            if (!cw) return BIG;
            memcpy(wcaps[cleared], cw->caps, sizeof(wcaps[0]));
            have |= (uint64_t)1 << cleared;
        }
        const int *caps = wcaps[cleared];
        int size = popcount((u64)used);
        for (int i = 0; i < k; i++) {
            int bit = 1 << i;
            if ((used & bit) || start[i] > size) continue;
            int gain = caps[clubs[i]];
            int after = cleared + (gain < 9 ? gain : 9);
            if (after > left) after = left;
            if (after > best[used | bit]) best[used | bit] = after;
        }
    }
    if (bound < left || k < 2 || !S->tech[T_TAIL]) return bound;
    int u1[14] = {0}, u2[14] = {0};
    for (int used = 0; used <= full; used++) {
        int cleared = best[used];
        if (cleared <= 0) continue;
        int size = popcount((u64)used);
        for (int i = 0; i < k; i++) {
            if (used >> i & 1) continue;
            if (cleared > u2[i]) u2[i] = cleared;
            if (size <= k - 2 && cleared > u1[i]) u1[i] = cleared;
        }
    }
    for (int i = 0; i < k; i++)
        if (can_finish(S, clubs[i], dealt + u1[i], left - u2[i], key)) return bound;
    S->stats[S_TAIL_CUTS]++;
    return -1;
}

/* ------------------------------------------------------------------------ */
/* The deck-order ladder (_solver_core.py: ladder_limits, ladder_needs; search.py:
 * ladder_margin) */
/* ------------------------------------------------------------------------ */

#define LADDER_NEVER 99

/* _longest_run in _solver_core.py: the longest stretch low <= a <= club <= b <= high
 * (b - a cards) missing at most `older` values from the fresh cards; -1 if none. */
static int longest_run(const int *fresh, int club, int low, int high, int older) {
    int below[14], above[14], n_below = 1, n_above = 1;
    below[0] = above[0] = 0;
    for (int v = club - 1; v >= low; v--, n_below++) below[n_below] = below[n_below - 1] + !fresh[v];
    for (int v = club + 1; v <= high; v++, n_above++) above[n_above] = above[n_above - 1] + !fresh[v];
    int longest = -1, reach = n_above - 1;
    for (int down = 0; down < n_below; down++) {
        while (reach >= 0 && below[down] + above[reach] > older) reach--;
        if (reach < 0) break;
        if (down + reach > longest) longest = down + reach;
    }
    return longest;
}

/* limits[(C * (total + 1) + c) * 14 + v]; see ladder_limits in _solver_core.py. */
static void ladder_limits(const Search *S, int *limits) {
    const int *R = S->rules;
    int total = S->total, width = total + 1, dealt = S->start_dealt;
    for (int cleared = 0; cleared < total; cleared++) {
        int grid_size = total - cleared < 9 ? total - cleared : 9;
        int end = dealt + cleared < total ? dealt + cleared : total;
        int window[15] = {0}, window_jokers = 0;
        for (int i = 0; i < end; i++) {
            if (S->values[i]) window[S->values[i]]++; else window_jokers++;
        }
        int window_sums[14], window_below[15];
        greedy_sums(window, 1, window_sums);
        window_below[0] = 0;
        for (int v = 1; v < 15; v++) window_below[v] = window_below[v - 1] + window[v - 1];
        int chain_low[14], chain_high[14];
        for (int club = 0; club < 14; club++) {
            int low = club, high = club;
            while (low > 1 && window[low - 1]) low--;
            while (high > 0 && high < 13 && window[high + 1]) high++;
            chain_low[club] = low; chain_high[club] = high;
        }
        int fresh[15] = {0}, fresh_jokers = 0, diamonds = 0, hearts = 0, spades = 0;
        for (int before = cleared; before >= 0; before--) {
            int first = dealt + before < total ? dealt + before : total;
            int next = dealt + before + 1 < total ? dealt + before + 1 : total;
            if (before < cleared && first < next) {
                int value = S->values[first];
                if (value) {
                    fresh[value]++;
                    int suit = S->suits[first];
                    diamonds += suit == SUIT_D; hearts += suit == SUIT_H; spades += suit == SUIT_S;
                } else fresh_jokers++;
            }
            int size = end - first;
            int fresh_sums[14], fresh_below[15];
            greedy_sums(fresh, 1, fresh_sums);
            fresh_below[0] = 0;
            for (int v = 1; v < 15; v++) fresh_below[v] = fresh_below[v - 1] + fresh[v - 1];
            int *out = limits + (cleared * width + before) * 14;
            for (int club = 1; club < 14; club++) {
                int most = 1;
                int a = window[club] + (R[R_JOKERS_MATCH] ? window_jokers : 0);
                int b = grid_size - (size - fresh[club] - (R[R_JOKERS_MATCH] ? fresh_jokers : 0));
                int match = a < b ? a : b;
                if (match > most) most = match;
                if (window_sums[club]) {
                    a = window_sums[club] + (R[R_SUM_JOKERS_ZERO] ? window_jokers : 0);
                    b = grid_size - (size - fresh_sums[club]
                                     - (R[R_SUM_JOKERS_ZERO] ? fresh_jokers : 0));
                    int summed = a < b ? a : b;
                    if (summed > most) most = summed;
                }
                if (diamonds < 3 && most < 3
                        && (window[club] || (R[R_LINE_JOKER_TARGET] && window_jokers)))
                    most = 3;
                if (spades < 3) {
                    if (club >= 2 && club <= 7) {
                        a = window_below[club];
                        b = grid_size - (size - fresh_below[club]);
                        int lower = a < b ? a : b;
                        if (lower > most) most = lower;
                    }
                    if (club >= 7 && club <= 12) {
                        a = window_below[14] - window_below[club + 1];
                        b = grid_size - (size - (fresh_below[14] - fresh_below[club + 1]));
                        int higher = a < b ? a : b;
                        if (higher > most) most = higher;
                    }
                }
                if (hearts < 3) {
                    int run = longest_run(fresh, club, chain_low[club], chain_high[club],
                                          grid_size - size);
                    if (run + 1 >= R[R_RUN_MIN_CARDS] && run > most) most = run;
                }
                out[club] = most < grid_size ? most : grid_size;
            }
        }
    }
}

/* joker_limit in _solver_core.py: the most a club that could clear `most` clears
 * when its clear takes `taken` >= 1 Jokers (-1: it cannot): Any, one card, or a
 * Line of at most 3 if `aimed` and fewer than 3 Diamonds were dealt since the
 * club before acted. */
static inline int joker_limit(int most, int taken, int aimed, int fresh_diamonds) {
    int line = aimed && fresh_diamonds < 3;
    if (taken == 1) return most < (line ? 3 : 1) ? most : (line ? 3 : 1);
    return line ? (most < 3 ? most : 3) : -1;
}

/* The duty's Jokers no longer in play (the count key holds those in play). */
static inline int jokers_gone(const Search *S, uint32_t key) {
    return S->duty ? S->duty - (int)(key >> JOKER_SHIFT & 3) : 0;
}

/* last_club_takes_all in _solver_core.py: can `club`, acting last once `now`
 * cards are gone (at most 9 left, all on its grid), take them all in one
 * action, given that the club before acted once `c` were gone and the one
 * before that once `b` were?  Its grid holds every card dealt since `c` and at
 * least the cards dealt between `b` and `c` less the `now - c` the club before
 * cleared; the action takes all of them. */
static int last_takes_all(const Search *S, int club, int b, int c, int now) {
    const int *R = S->rules;
    int total = S->total, g = total - now;
    if (g <= 3) return g >= 1 || !R[R_MUST_CLEAR];
    int from_c = S->start_dealt + c < total ? S->start_dealt + c : total;
    int from_b = S->start_dealt + b < total ? S->start_dealt + b : total;
    int keep = (from_c - from_b) - (now - c);
    if (keep < 0) keep = 0;
    if (total - from_c + keep > g) return 0;
    int jm = R[R_JOKERS_MATCH], sz = R[R_SUM_JOKERS_ZERO];
    /* fresh: all must go; older: `keep` of them must go too */
    int match_ok = 1, sum_ok = 1, low_ok = 2 <= club && club <= 7, high_ok = 7 <= club && club <= 12;
    int run_ok = g + 1 >= R[R_RUN_MIN_CARDS], fresh_sum = 0, seen = 0, lo = club, hi = club;
    for (int i = from_c; i < total; i++) {
        int v = S->values[i];
        if (!(v == club || (jm && !v))) match_ok = 0;
        if (v ? v > club : !sz) sum_ok = 0; else fresh_sum += v;
        if (!(v && v < club)) low_ok = 0;
        if (!(v > club)) high_ok = 0;
        if (!v || v == club || (seen >> v & 1)) run_ok = 0;
        else { seen |= 1 << v; if (v < lo) lo = v; if (v > hi) hi = v; }
    }
    if (hi - lo > g) run_ok = 0;
    int n_match = 0, n_low = 0, n_high = 0, spare = 0, sum_count[14] = {0};
    for (int i = from_b; i < from_c; i++) {
        int v = S->values[i];
        if (v == club || (jm && !v)) n_match++;
        if (v ? v <= club : sz) sum_count[v]++;
        if (v && v < club) n_low++;
        if (v > club) n_high++;
        if (v && v != club && !(seen >> v & 1)) spare |= 1 << v;
    }
    if (match_ok && n_match >= keep) return 1;
    if (sum_ok) {
        int need = keep, s = fresh_sum;
        for (int v = 0; v <= club && need > 0; v++) {
            int take = sum_count[v] < need ? sum_count[v] : need;
            s += take * v; need -= take;
        }
        if (!need && s <= club) return 1;
    }
    if (low_ok && n_low >= keep) return 1;
    if (high_ok && n_high >= keep) return 1;
    if (run_ok && popcount((u64)spare) >= keep) return 1;
    return 0;
}

/* _last_two_before in _solver_core.py: before[played, c, gone] with two clubs
 * left, `fit` caching last_takes_all (-1 not worked out yet). */
static int last_two_before(const Search *S, int8_t *fit, const uint8_t *least_before,
                           const int *available, int members, int size, int c, int gone,
                           int most_taken, int least) {
    int total = S->total, width = total + 1, k = S->n_clubs, duty = S->duty;
    int left[2], n = 0;
    for (int i = 0; i < k && n < 2; i++) if (!(members >> i & 1)) left[n++] = i;
    int best = LADDER_NEVER;
    for (int o = 0; o < 2; o++) {
        int first = left[o], last = left[1 - o];
        if (available[first] > size || available[last] > size + 1) continue;
        int last_club = S->club_order[last];
        for (int taken = 0; taken <= most_taken; taken++) {
            const uint8_t *row = least_before + ((first * width + c) * 3 + taken) * 10;
            int top = total - c < 9 ? total - c : 9;
            for (int g = least > taken ? least : taken; g <= top; g++) {
                int at = row[g];
                if (at >= best) continue;
                int cleared = c + g;
                if (cleared == total) {
                    if (gone + taken == duty) best = at;
                    continue;
                }
                int final = total - cleared, final_taken = duty - gone - taken;
                if (final > 9 || final < (least > final_taken ? least : final_taken)) continue;
                if (least_before[((last * width + cleared) * 3 + final_taken) * 10 + final] > c)
                    continue;
                for (int b = at; b <= c && b < best; b++) {
                    int8_t *f = fit + (((size_t)last_club * width + b) * width + c) * 10 + g;
                    if (*f < 0) *f = (int8_t)last_takes_all(S, last_club, b, c, cleared);
                    if (*f) { best = b; break; }
                }
            }
        }
    }
    return best;
}

/* Fills S->ladder (ladder_needs in _solver_core.py); returns 0, or 1 out of memory. */
static int ladder_build(Search *S) {
    int total = S->total, width = total + 1, k = S->n_clubs, duty = S->duty, jj = S->jj;
    int least = S->rules[R_MUST_CLEAR] ? 1 : 0;
    int available[16];
    for (int i = 0; i < k; i++) available[i] = i - S->hand_size + 1 > 0 ? i - S->hand_size + 1 : 0;
    int *limits = malloc(sizeof(int) * width * width * 14);
    uint8_t *least_before = malloc((size_t)k * width * 3 * 10);
    int *sets = malloc(sizeof(int) * (1 << k)), *members_of = malloc(sizeof(int) * (1 << k));
    int16_t *row_of = malloc(sizeof(int16_t) * 16384);
    if (!limits || !least_before || !sets || !members_of || !row_of) {
        free(limits); free(least_before); free(sets); free(members_of); free(row_of);
        return 1;
    }
    ladder_limits(S, limits);
    memset(least_before, LADDER_NEVER, (size_t)k * width * 3 * 10);
    /* ranks and Jokers dealt once `cleared` are gone (the Jokers' duty) */
    int jokers_dealt[64] = {0};
    int ranks_dealt[64] = {0};
    for (int cleared = 0; cleared < total; cleared++) {
        int end = S->start_dealt + cleared < total ? S->start_dealt + cleared : total;
        for (int i = 0; i < end; i++) {
            if (S->values[i]) ranks_dealt[cleared] |= 1 << S->values[i];
            else jokers_dealt[cleared]++;
        }
    }
    for (int i = 0; i < k; i++) {
        int club = S->club_order[i];
        for (int cleared = 0; cleared < total; cleared++) {
            int aimed = (ranks_dealt[cleared] >> club & 1) || S->rules[R_LINE_JOKER_TARGET];
            int end = S->start_dealt + cleared < total ? S->start_dealt + cleared : total;
            for (int taken = 0; taken <= duty; taken++) {
                uint8_t *row = least_before + ((i * width + cleared) * 3 + taken) * 10;
                int reached = -1;
                for (int before = 0; before <= cleared; before++) {
                    int limit = limits[(cleared * width + before) * 14 + club];
                    if (taken) {
                        int first = S->start_dealt + before < total ? S->start_dealt + before : total;
                        limit = joker_limit(limit, taken, aimed, S->suit_prefix[SUIT_D][end]
                                                                 - S->suit_prefix[SUIT_D][first]);
                    }
                    while (reached < limit) row[++reached] = (uint8_t)before;
                }
            }
        }
    }
    /* The sets of clubs that can have been played, biggest first. */
    int n_sets = 0;
    for (int size = k; size >= 0; size--) {
        for (int members = 0; members < 1 << k; members++) {
            if (popcount((u64)members) != size) continue;
            int taken[16], n = 0;
            for (int i = 0; i < k; i++) if (members >> i & 1) taken[n++] = available[i];
            for (int a = 1; a < n; a++) {  /* insertion sort */
                int x = taken[a], b = a - 1;
                while (b >= 0 && taken[b] > x) { taken[b + 1] = taken[b]; b--; }
                taken[b + 1] = x;
            }
            int ok = 1;
            for (int j = 0; j < n; j++) if (taken[j] > j) { ok = 0; break; }
            if (!ok) continue;
            int mask = 0;
            for (int i = 0; i < k; i++) if (members >> i & 1) mask |= 1 << S->club_order[i];
            sets[n_sets] = mask; members_of[n_sets] = members; n_sets++;
        }
    }
    /* Rows only for the sets that can have been played (every entry read is one
     * of theirs, and each is written below): a row number per club-value mask. */
    for (int mask = 0; mask < 16384; mask++) row_of[mask] = -1;
    for (int e = 0; e < n_sets; e++) row_of[sets[e]] = (int16_t)e;
    size_t rows = (size_t)n_sets * width;
    uint8_t *need = malloc(rows * jj * jj);
    uint8_t *before_of = malloc(rows * jj);
    if (!need || !before_of) {
        free(limits); free(least_before); free(sets); free(members_of); free(row_of);
        free(need); free(before_of);
        return 1;
    }
    memset(need, LADDER_NEVER, rows * jj * jj);
    memset(before_of, LADDER_NEVER, rows * jj);
    /* last_two: what the last club can take, worked out as asked */
    int8_t *fit = NULL;
    if (S->tech[T_LAST_TWO] && k >= 2) {
        size_t cells = (size_t)14 * width * width * 10;
        fit = malloc(cells);
        if (!fit) {
            free(limits); free(least_before); free(sets); free(members_of); free(row_of);
            free(need); free(before_of);
            return 1;
        }
        memset(fit, -1, cells);
    }
#define NEED(mask, cleared, gone, taken) \
    need[(((size_t)row_of[mask] * width + (cleared)) * jj + (gone)) * jj + (taken)]
#define BEFORE(mask, cleared, gone) \
    before_of[((size_t)row_of[mask] * width + (cleared)) * jj + (gone)]
    for (int cleared = total - 1; cleared >= 0; cleared--) {
        int top = total - cleared < 9 ? total - cleared : 9;
        /* Only the Jokers dealt by then can be gone or taken (the entries read). */
        int most_gone = duty < jokers_dealt[cleared] ? duty : jokers_dealt[cleared];
        for (int e = 0; e < n_sets; e++) {
            int mask = sets[e], members = members_of[e], size = popcount((u64)members);
            for (int gone = 0; gone <= most_gone; gone++) {
                int best = LADDER_NEVER;
                int most_taken = duty - gone < jokers_dealt[cleared] - gone
                    ? duty - gone : jokers_dealt[cleared] - gone;
                if (fit && size == k - 2) {
                    BEFORE(mask, cleared, gone) = (uint8_t)last_two_before(
                        S, fit, least_before, available, members, size, cleared, gone,
                        most_taken, least);
                    continue;
                }
                for (int i = 0; i < k; i++) {
                    if (members >> i & 1 || available[i] > size) continue;
                    int played = mask | 1 << S->club_order[i];
                    for (int taken = 0; taken <= most_taken; taken++) {
                        int g = NEED(played, cleared, gone, taken);
                        if (g <= 9) {
                            int at = least_before[((i * width + cleared) * 3 + taken) * 10 + g];
                            if (at < best) best = at;
                        }
                    }
                }
                BEFORE(mask, cleared, gone) = (uint8_t)best;
            }
            for (int gone = 0; gone <= most_gone; gone++)
                for (int taken = 0; taken <= most_gone - gone; taken++) {
                    int found = LADDER_NEVER;
                    for (int g = least > taken ? least : taken; g <= top; g++) {
                        if (cleared + g == total) {
                            if (gone + taken == duty) { found = g; break; }
                            continue;
                        }
                        if (BEFORE(mask, cleared + g, gone + taken) <= cleared) { found = g; break; }
                    }
                    NEED(mask, cleared, gone, taken) = (uint8_t)found;
                }
        }
    }
#undef NEED
#undef BEFORE
    free(limits); free(least_before); free(before_of); free(sets); free(members_of);
    free(fit);
    S->ladder = need;
    S->ladder_row = row_of;
    return 0;
}

/* What the moves taking Jokers depend on, read once per grid: per line, its
 * cards, its Jokers and the ranks on it (bits); no line when 3 Diamonds block
 * Lines (CF 3.2). */
typedef struct { int lines, held[6], jokers[6], ranks[6]; } JokerLines;

static void joker_lines(const Search *S, u64 grid, JokerLines *out) {
    int cells[9], diamonds = 0;
    unpack(grid, cells);
    for (int s = 0; s < 9; s++)
        if (cells[s] >= 0 && S->values[cells[s]] && S->suits[cells[s]] == SUIT_D) diamonds++;
    out->lines = diamonds >= 3 ? 0 : 6;
    for (int n = 0; n < out->lines; n++) {
        out->held[n] = out->jokers[n] = out->ranks[n] = 0;
        for (int j = 0; j < MASK_LEN[LINE_MASK[n]]; j++) {
            int index = cells[MASK_SLOTS[LINE_MASK[n]][j]];
            if (index < 0) continue;
            out->held[n]++;
            if (!S->values[index]) out->jokers[n]++;
            else out->ranks[n] |= 1 << S->values[index];
        }
    }
}

/* largest_taking in _solver_core.py: at least the largest move of `club` on the
 * grid taking `taken` >= 1 Jokers (-1 when none can): Any one card, or a Line
 * through that many Jokers aimed at the club's rank (or a Joker, where the
 * rules allow). */
static int largest_taking(const Search *S, const JokerLines *lines, int club, int taken) {
    int best = taken == 1 ? 1 : -1;
    for (int n = 0; n < lines->lines; n++)
        if (lines->jokers[n] >= taken && lines->held[n] > best
                && (S->rules[R_LINE_JOKER_TARGET] || lines->ranks[n] >> club & 1))
            best = lines->held[n];
    return best;
}

/* ladder_margin in search.py: the most a club in hand can clear beyond what the
 * ladder needs (negative: none can, the state is lost). */
/* The slots holding a Joker of the duty, as a mask (0 without the duty). */
static int joker_slots_of(const Search *S, u64 grid) {
    int slots = 0;
    if (S->duty)
        for (int s = 0; s < 9; s++) {
            int index = slot_of(grid, s);
            if (index != EMPTY && !S->values[index]) slots |= 1 << s;
        }
    return slots;
}

/* ladder_moves (search.py): the ladder's need of a club acting now, by the
 * Jokers its move takes, in least[0..2]; played_now: the clubs played with it,
 * cleared: the cards cleared before it acts.  All 0 (no cut) when no set play
 * reaches played_now (never happens). */
static void ladder_least(const Search *S, int played_now, int cleared, int gone, int *least) {
    least[0] = least[1] = least[2] = 0;
    int r = S->ladder_row[played_now];
    if (r < 0) return;
    size_t row = ((size_t)r * (S->total + 1) + cleared) * S->jj + gone;
    for (int taken = 0; taken < 3; taken++)
        least[taken] = taken <= S->duty - gone ? S->ladder[row * S->jj + taken] : LADDER_NEVER;
}

static int ladder_margin(Search *S, u64 grid, int played, uint32_t key) {
    const Caps *c = caps_of(S, key);
    const int *most = max_clears(S, grid);
    if (!c || !most) return 0;  /* out of memory: S->oom is set, cut nothing */
    int cleared = S->total - c->left, width = S->total + 1, jj = S->jj;
    int hand = S->drawn[popcount((u64)played)] & ~played;
    int gone = jokers_gone(S, key);
    int most_taken = most[0] < S->duty - gone ? most[0] : S->duty - gone;
    JokerLines lines;
    int lines_read = 0;
    int best = -LADDER_NEVER;
    for (int left = hand; left; left &= left - 1) {
        int club = __builtin_ctz((unsigned)left);
        int r = S->ladder_row[played | 1 << club];
        if (r < 0) return LADDER_NEVER;  /* not a set play reaches: no cut (never happens) */
        const uint8_t *need = S->ladder + (((size_t)r * width + cleared) * jj + gone) * jj;
        int margin = most[club] - need[0];
        for (int taken = 1; taken <= most_taken; taken++) {
            /* the Jokers' duty (ladder_needs): a move taking Jokers is Any or a Line,
             * 3 cards at most, so the lines need reading only if that could beat it */
            int wanted = need[taken];
            if (3 - wanted <= margin) continue;
            if (!lines_read) { joker_lines(S, grid, &lines); lines_read = 1; }
            int other = largest_taking(S, &lines, club, taken) - wanted;
            if (other > margin) margin = other;
        }
        if (margin > best) best = margin;
    }
    return best;
}

#ifndef TWO_STEP_MARGIN
#define TWO_STEP_MARGIN 2
#endif

static inline int at_most(int a, int b) { return a < b ? a : b; }

/* The old grid of two_step_refutes: its cards by value (0: Jokers), by value
 * below v, and by suit. */
typedef struct {
    int count[15], below[15], d, h, s, cards, dealt;
} TwoStepOld;

/* two_step_bound in _solver_core.py, for one club: does the largest clear of
 * `club` on a grid holding the cards numbered dealt .. end - 1 and `keep` of
 * the old grid's cards reach `need`?  The new cards are read from the
 * deal's prefix counts; the cheap actions are asked first. */
static int two_step_reaches(const Search *S, const TwoStepOld *o, int g, int club, int need) {
    const int *R = S->rules;
    int dealt = o->dealt, end = dealt + g < S->total ? dealt + g : S->total;
    int keep = o->cards - g;
    if (need > keep + end - dealt) return 0;  /* more than the grid holds */
    if (need <= 1) return 1;  /* Any */
    const uint8_t *pe = S->value_prefix[end], *pd = S->value_prefix[dealt];
    int new_jokers = pe[0] - pd[0];
    int match = R[R_JOKERS_MATCH]
        ? pe[club] - pd[club] + new_jokers + at_most(o->count[club] + o->count[0], keep)
        : pe[club] - pd[club] + at_most(o->count[club], keep);
    if (match >= need) return 1;
    int sure_d = S->suit_prefix[SUIT_D][end] - S->suit_prefix[SUIT_D][dealt]
                 + (o->d > g ? o->d - g : 0);
    if (need <= 3 && sure_d < 3
            && (pe[club] - pd[club] + o->count[club]
                || (R[R_LINE_JOKER_TARGET] && new_jokers + o->count[0])))
        return 1;
    int sure_s = S->suit_prefix[SUIT_S][end] - S->suit_prefix[SUIT_S][dealt]
                 + (o->s > g ? o->s - g : 0);
    if (sure_s < 3) {
        const uint8_t *be = S->below_prefix[end], *bd = S->below_prefix[dealt];
        if (club >= 2 && club <= 7
                && be[club] - bd[club] + at_most(o->below[club], keep) >= need)
            return 1;
        if (club >= 7 && club <= 12
                && be[14] - bd[14] - (be[club + 1] - bd[club + 1])
                   + at_most(o->below[14] - o->below[club + 1], keep) >= need)
            return 1;
    }
    int sure_h = S->suit_prefix[SUIT_H][end] - S->suit_prefix[SUIT_H][dealt]
                 + (o->h > g ? o->h - g : 0);
    if (sure_h < 3) {
        int low = club, high = club;
        while (low > 1 && pe[low - 1] - pd[low - 1] + o->count[low - 1]) low--;
        while (high < 13 && pe[high + 1] - pd[high + 1] + o->count[high + 1]) high++;
        if (high - low + 1 >= R[R_RUN_MIN_CARDS] && high - low >= need) return 1;
    }
    int budget = club, summed = 0, spare = keep;
    for (int v = 1; v <= club; v++) {
        int from_old = at_most(o->count[v], spare);
        spare -= from_old;
        int n = pe[v] - pd[v] + from_old;
        if (!n) continue;
        int fit = QUOTIENT[budget][v];
        if (fit >= n) { summed += n; budget -= n * v; } else { summed += fit; break; }
    }
    if (summed && R[R_SUM_JOKERS_ZERO]) summed += new_jokers + at_most(o->count[0], keep);
    return summed >= need;
}

/* The least of the ladder's needs of ladder row r (a set of clubs played)
 * once `cleared` are gone, over the Jokers gone (gone .. gone + more) and
 * taken (at most `cap`). */
static int least_need(const Search *S, int r, int cleared, int gone, int more, int cap) {
    int jj = S->jj, least = LADDER_NEVER;
    for (int g2 = gone; g2 <= gone + more; g2++) {
        const uint8_t *need = S->ladder + (((size_t)r * (S->total + 1) + cleared) * jj + g2) * jj;
        for (int taken = 0; taken <= S->duty - g2 && taken <= cap; taken++)
            if (need[taken] < least) least = need[taken];
    }
    return least;
}

/* two_step_refutes in search.py: 1 when the next two clubs cannot both meet
 * the ladder's needs (the state is lost). */
static int two_step_refutes(Search *S, u64 grid, int played, uint32_t key) {
    const Caps *c = caps_of(S, key);
    const int *most = max_clears(S, grid);
    if (!c || !most) return 0;
    int total = S->total, left = c->left, cleared = total - left;
    int turn = popcount((u64)played);
    int hand = S->drawn[turn] & ~played;
    int gone = jokers_gone(S, key);
    int taken_most = most[0] < S->duty - gone ? most[0] : S->duty - gone;
    TwoStepOld old;
    memset(&old, 0, sizeof old);
    int full = 1;
    for (int slot = 0; slot < 9; slot++) {
        int index = slot_of(grid, slot);
        if (index == EMPTY) { full = 0; continue; }
        old.cards++;
        if (index >= old.dealt) old.dealt = index + 1;
        int value = S->values[index];
        old.count[value]++;
        if (!value) continue;
        int suit = S->suits[index];
        old.d += suit == SUIT_D; old.h += suit == SUIT_H; old.s += suit == SUIT_S;
    }
    if (!full) old.dealt = total;
    for (int v = 2; v < 15; v++) old.below[v] = old.below[v - 1] + old.count[v - 1];
    for (int clubs = hand; clubs; clubs &= clubs - 1) {
        int club = __builtin_ctz((unsigned)clubs);
        int played_now = played | 1 << club;
        int r = S->ladder_row[played_now];
        if (r < 0) return 0;  /* no set play reaches it: no cut (never happens) */
        int least = least_need(S, r, cleared, gone, 0, taken_most);
        if (least > most[club]) continue;
        int after = S->drawn[turn + 1] & ~played_now;
        for (int g = least; g <= most[club]; g++) {
            if (g >= left) return 0;  /* this club may take every card left */
            for (int seconds = after; seconds; seconds &= seconds - 1) {
                int second = __builtin_ctz((unsigned)seconds);
                int r2 = S->ladder_row[played_now | 1 << second];
                if (r2 < 0) return 0;
                if (two_step_reaches(S, &old, g, second,
                                     least_need(S, r2, cleared + g, gone, taken_most, S->duty)))
                    return 0;
            }
        }
    }
    return 1;
}

/* child_slack in search.py: the informed order's slack of a child whose move
 * left `short` cards to clear (the least of its next-club slack and its ladder
 * margin), or -1 with *cut the statistic of the test that cuts it.  The
 * ladder first: it cuts most children, so the next-club bound is made only
 * for those it lets through. */
static inline i64 child_slack(Search *S, u64 child, int child_played, uint32_t key,
                              int next_hand, int after, int short_by, int two_step, int *cut) {
    int margin = 0;
    if (S->ladder) {
        margin = ladder_margin(S, child, child_played, key);
        if (margin < 0) { *cut = S_LADDER_CUTS; return -1; }
    }
    i64 slack = next_club_bound(S, child, key, next_hand, after) - short_by;
    if (slack < 0) { *cut = S_NEXT_CLUB_CUTS; return -1; }
    if (two_step && S->ladder && S->tech[T_TWO_STEP] && margin <= TWO_STEP_MARGIN
            && two_step_refutes(S, child, child_played, key)) {
        *cut = S_TWO_STEP_CUTS;
        return -1;
    }
    if (S->ladder && margin < slack) slack = margin;
    return slack;
}

/* start_ladder in search.py: 0 if the ladder refutes the start, 1 if not, -1 out of memory. */
static int start_ladder(Search *S, u64 grid, uint32_t key) {
    if (S->ladder || !S->ladder_usable) return 1;
    if (ladder_build(S)) return -1;
    if (ladder_margin(S, grid, 0, key) < 0) { S->stats[S_LADDER_CUTS]++; return 0; }
    return 1;
}

static inline u64 child_grid(u64 grid, int *dealt, int total, int mask) {
    int d = *dealt;
    for (int j = 0; j < MASK_LEN[mask]; j++) {
        int s = MASK_SLOTS[mask][j];
        if (d < total) { grid = (grid & ~((u64)63 << (6 * s))) | (u64)d << (6 * s); d++; }
        else grid |= (u64)63 << (6 * s);
    }
    *dealt = d;
    return grid;
}

/* Stable sort of children by score, biggest first (merge sort). */
static void sort_children(Child *a, int n, Child *tmp) {
    if (n < 2) return;
    if (n <= 16) {
        for (int i = 1; i < n; i++) {
            Child x = a[i]; int j = i - 1;
            while (j >= 0 && a[j].score < x.score) { a[j + 1] = a[j]; j--; }
            a[j + 1] = x;
        }
        return;
    }
    int h = n / 2;
    sort_children(a, h, tmp);
    sort_children(a + h, n - h, tmp);
    int i = 0, j = h, o = 0;
    while (i < h && j < n) tmp[o++] = a[j].score > a[i].score ? a[j++] : a[i++];
    while (i < h) tmp[o++] = a[i++];
    while (j < n) tmp[o++] = a[j++];
    memcpy(a, tmp, n * sizeof(Child));
}

static int search(Search *S, u64 grid, int dealt, int played, uint32_t count_key, int informed, int depth) {
    S->nodes++;
    i64 nodes = S->nodes;
    if (S->has_budget && nodes > S->budget) return R_RESTART;
    if (S->max_nodes >= 0 && nodes > S->max_nodes) return R_STOP;
    if (S->has_deadline && (nodes & 127) == 0 && now_seconds() > S->deadline) return R_STOP;
    if ((nodes & 1023) == 0 && cf_interrupted) return R_STOP;
    const int *T = S->tech;
    int turn = popcount((u64)played);
    int hand = S->drawn[turn] & ~played;
    int next_drawn = S->drawn[turn + 1];
    int remaining = S->all_clubs & ~played;
    const Caps *cn = caps_of(S, count_key);
    if (!cn) return R_OOM;
    int left_now = cn->left;
    int must = left_now - S->leave;  /* what the clubs left must clear from here */
    int total = S->total;

    /* The Jokers' duty: its Jokers gone, and those on the grid (slots). */
    int gone = jokers_gone(S, count_key);
    int joker_slots = joker_slots_of(S, grid);
    int jokers_here = popcount((u64)joker_slots);

    /* Children */
    size_t need = 0;
    for (int club = 1; club < 14; club++) {
        if (!(hand >> club & 1)) continue;
        int count;
        if (!moves_of(S, grid, club, &count)) return R_OOM;
        need += count;
    }
    if (need + 1 > S->child_cap[depth]) {
        size_t nc = need * 2 + 64;
        Child *p = realloc(S->child_buf[depth], 2 * nc * sizeof(Child));
        if (!p) return R_OOM;
        S->child_buf[depth] = p; S->child_cap[depth] = nc;
    }
    Child *children = S->child_buf[depth];
    Child *tmp = children + S->child_cap[depth];
    int n = 0;
    for (int club = 1; club < 14; club++) {
        if (!(hand >> club & 1)) continue;
        int bit = 1 << club, after_clubs = remaining & ~bit, count;
        MoveE *found = moves_of(S, grid, club, &count);
        if (!found) return R_OOM;
        S->stats[S_CHILDREN] += count;
        /* ladder_moves: the ladder's need of this club acting now, by the Jokers
         * its move takes (search.py); the least of them, for the sorted moves. */
        int least[3] = {0, 0, 0}, least_any = 0;
        if (informed && T[T_LADDER_MOVES] && S->ladder) {
            ladder_least(S, played | bit, S->total - left_now, gone, least);
            least_any = LADDER_NEVER;
            for (int taken = 0; taken <= jokers_here && taken < 3; taken++)
                if (least[taken] < least_any) least_any = least[taken];
        }
        for (int i = 0; i < count; i++) {
            int k = found[i].k, mask = found[i].mask;
            if (k >= must) {  /* grid and deck empty (or no more left than leave) */
                S->line_len = depth + 1;
                S->line_club[depth] = club; S->line_mask[depth] = mask;
                return R_WIN;
            }
            if (!after_clubs) continue;
            if (k < least_any && T[T_ORDER]) {  /* biggest first: every move left clears less */
                S->stats[S_LADDER_CUTS] += count - i;
                break;
            }
            if (k < least[popcount((u64)(mask & joker_slots))]) {
                S->stats[S_LADDER_CUTS]++;
                continue;
            }
            uint32_t key = count_key - mask_delta(S, grid, mask);
            if (informed && T[T_BOUND])  /* its capacity bound is asked below */
                __builtin_prefetch(S->sum_map.at + (hash64((u64)key << 14 | (u64)after_clubs)
                                                    & (S->sum_map.cap - 1)));
            Child *c = children + n++;
            c->score = k; c->k = k; c->club = club; c->mask = mask; c->key = key;
            c->after = after_clubs; c->has_child = 0; c->child = 0; c->child_dealt = 0;
        }
    }
    if (informed && T[T_BOUND]) {  /* the capacity bound, once the lookups are on their way */
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (capacity_bound(S, children[i].key, children[i].after) < must - children[i].k) {
                S->stats[S_BOUND_CUTS]++;
                continue;
            }
            children[kept++] = children[i];
        }
        n = kept;
    }
    if (S->oom) return R_OOM;

    if (informed) {
        /* Make every child's grid first and ask the memory for its slots in
         * the refuted table and the grid table: the lookups below then find
         * them in the cache instead of each waiting for its own miss. */
        for (int i = 0; i < n; i++) {
            Child *c = children + i;
            int child_dealt = dealt;
            c->child = child_grid(grid, &child_dealt, total, c->mask);
            c->child_dealt = child_dealt;
            u64 child = c->child;
            if (T[T_TABLE])
                __builtin_prefetch(S->refuted.played + (state_hash(child, played | 1 << c->club)
                                                        & (S->refuted.cap - 1)));
            __builtin_prefetch(S->grids + (hash64(child) & (S->grid_slots - 1)));
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            Child c = children[i];
            int child_dealt = c.child_dealt;
            u64 child = c.child;
            int child_played = played | 1 << c.club;
            if (T[T_TABLE] && set_has(&S->refuted, child, child_played)) {
                S->stats[S_TABLE_HITS]++;
                continue;
            }
            int cut;
            i64 slack = child_slack(S, child, child_played, c.key, next_drawn & ~child_played,
                                    c.after, must - c.k, 1, &cut);
            if (slack < 0) {
                S->stats[cut]++;
                /* Refuted: kept in the table, left out of a certificate (search.py). */
                if (cut == S_TWO_STEP_CUTS && T[T_TABLE]
                        && set_add(&S->refuted, child, child_played | CUT_ONLY)) return R_OOM;
                continue;
            }
            double s = (double)slack;
            if (S->noise != 0.0) s = (double)slack + S->noise * splitmix_random(&S->rng);
            c.score = (double)c.k + s;
            c.child = child; c.child_dealt = child_dealt; c.has_child = 1;
            /* It may be searched: ask for its clubs' entries of the moves map. */
            for (int left = next_drawn & ~child_played; left; left &= left - 1)
                __builtin_prefetch(S->move_map.at + (hash64(child << 4 | (u64)__builtin_ctz(left))
                                                     & (S->move_map.cap - 1)));
            children[m++] = c;
        }
        n = m;
        sort_children(children, n, tmp);
    } else if (T[T_ORDER]) {
        sort_children(children, n, tmp);
    }
    if (S->oom) return R_OOM;

    for (int i = 0; i < n; i++) {
        Child c = children[i];
        if (depth < S->prefix_len
                && (c.club != S->prefix_club[depth] || c.mask != S->prefix_mask[depth]))
            continue;
        int child_played = played | 1 << c.club;
        u64 child = c.child;
        int child_dealt = c.child_dealt;
        if (!c.has_child) {
            if (T[T_BOUND] && capacity_bound(S, c.key, c.after) < must - c.k) {
                S->stats[S_BOUND_CUTS]++;
                continue;
            }
            child_dealt = dealt;
            child = child_grid(grid, &child_dealt, total, c.mask);
            if (T[T_TABLE] && set_has(&S->refuted, child, child_played)) {
                S->stats[S_TABLE_HITS]++;
                continue;
            }
            if (S->ladder && ladder_margin(S, child, child_played, c.key) < 0) {
                S->stats[S_LADDER_CUTS]++;
                continue;
            }
            if (T[T_NEXT_CLUB] && next_club_bound(S, child, c.key, next_drawn & ~child_played, c.after)
                    < must - c.k) {
                S->stats[S_NEXT_CLUB_CUTS]++;
                continue;
            }
        } else if (T[T_TABLE] && set_has(&S->refuted, child, child_played)) {
            S->stats[S_TABLE_HITS]++;
            continue;
        }
        if (T[T_WINDOW] && popcount((u64)c.after) <= T[T_WINDOW_CLUBS]
                && window_bound(S, child, child_dealt, c.key, turn + 1, c.after) < must - c.k) {
            S->stats[S_WINDOW_CUTS]++;
            continue;
        }
        if (S->oom) return R_OOM;
        int r = search(S, child, child_dealt, child_played, c.key, informed, depth + 1);
        if (r == R_WIN) {
            S->line_club[depth] = c.club; S->line_mask[depth] = c.mask;
            return R_WIN;
        }
        if (r != R_LOSS) return r;
        children = S->child_buf[depth];  /* deeper levels may not move it, but be safe */
    }
    if (T[T_TABLE] && set_add(&S->refuted, grid, played)) return R_OOM;
    return R_LOSS;
}

/* A state kept by the beam, with the move that reached it from its parent. */
typedef struct { u64 grid; int dealt, played; uint32_t key; int parent, club, mask; } BeamNode;
/* A state reached in a turn, before the best are kept: ``order`` is when. */
typedef struct { i64 score; int order; BeamNode node; } BeamCandidate;

/* Room for ``need`` items of ``size`` bytes in *arr (doubling): 0, or -1 out of memory. */
static int reserve(void **arr, size_t need, size_t *cap, size_t size) {
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap : 1024;
    while (nc < need) nc *= 2;
    void *p = realloc(*arr, nc * size);
    if (!p) return -1;
    *arr = p; *cap = nc;
    return 0;
}

static int beam_better(const void *a, const void *b) {
    const BeamCandidate *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

/* Search.beam in search.py: R_WIN (the line in S->line_*), R_LOSS for no win
 * found (nothing proved), R_STOP, R_OOM. */
static int beam(Search *S, u64 grid0, int dealt0, uint32_t key0, int width) {
    const int *T = S->tech;
    int total = S->total;
    int r = R_LOSS;
    BeamNode *kept = NULL; size_t n_kept = 0, cap_kept = 0;
    BeamCandidate *cands = NULL; size_t n_cands = 0, cap_cands = 0;
    StateSet reached; reached.grids = NULL; reached.played = NULL;
    S->stats[S_BEAMS]++;
    if (reserve((void **)&kept, 1, &cap_kept, sizeof(BeamNode))) return R_OOM;
    kept[0] = (BeamNode){grid0, dealt0, 0, key0, -1, 0, 0};
    n_kept = 1;
    size_t first = 0, last = 1;  /* the layer: kept[first .. last) */
    while (first < last) {
        if (set_init(&reached, 1 << 12)) { r = R_OOM; goto out; }
        n_cands = 0;
        for (size_t e = first; e < last; e++) {
            BeamNode at = kept[e];
            S->nodes++;
            i64 nodes = S->nodes;
            if (S->max_nodes >= 0 && nodes > S->max_nodes) { r = R_STOP; goto out; }
            if (S->has_deadline && (nodes & 127) == 0 && now_seconds() > S->deadline) {
                r = R_STOP; goto out;
            }
            if ((nodes & 1023) == 0 && cf_interrupted) { r = R_STOP; goto out; }
            int turn = popcount((u64)at.played);
            int hand = S->drawn[turn] & ~at.played;
            int next_drawn = S->drawn[turn + 1];
            int remaining = S->all_clubs & ~at.played;
            const Caps *cn = caps_of(S, at.key);
            if (!cn) { r = R_OOM; goto out; }
            int left_now = cn->left, must = left_now - S->leave;
            int gone = jokers_gone(S, at.key);
            int ladder_moves = T[T_LADDER_MOVES] && S->ladder;
            int joker_slots = ladder_moves ? joker_slots_of(S, at.grid) : 0;
            for (int club = 1; club < 14; club++) {
                if (!(hand >> club & 1)) continue;
                int bit = 1 << club, after_clubs = remaining & ~bit, count;
                MoveE *found = moves_of(S, at.grid, club, &count);
                if (!found) { r = R_OOM; goto out; }
                int least[3] = {0, 0, 0};
                if (ladder_moves) ladder_least(S, at.played | bit, total - left_now, gone, least);
                for (int i = 0; i < count; i++) {
                    int k = found[i].k, mask = found[i].mask;
                    if (k >= must) {
                        int depth = turn;
                        S->line_len = depth + 1;
                        S->line_club[depth] = club; S->line_mask[depth] = mask;
                        for (int n = (int)e; kept[n].parent >= 0; n = kept[n].parent) {
                            int d = popcount((u64)kept[n].played) - 1;
                            S->line_club[d] = kept[n].club; S->line_mask[d] = kept[n].mask;
                        }
                        r = R_WIN; goto out;
                    }
                    if (!after_clubs || k < least[popcount((u64)(mask & joker_slots))]) continue;
                    int child_dealt = at.dealt;
                    u64 child = child_grid(at.grid, &child_dealt, total, mask);
                    int child_played = at.played | bit;
                    if (set_has(&reached, child, child_played)) continue;
                    if (set_add(&reached, child, child_played)) { r = R_OOM; goto out; }
                    if (T[T_TABLE] && set_has(&S->refuted, child, child_played)) continue;
                    uint32_t key = at.key - mask_delta(S, at.grid, mask);
                    if (T[T_BOUND] && capacity_bound(S, key, after_clubs) < must - k) continue;
                    int cut;
                    /* without two_step: in a beam it costs more than it cuts */
                    i64 slack = child_slack(S, child, child_played, key, next_drawn & ~child_played,
                                            after_clubs, must - k, 0, &cut);
                    if (slack < 0) continue;
                    const Caps *cc = caps_of(S, key);
                    if (!cc || S->oom) { r = R_OOM; goto out; }
                    if (reserve((void **)&cands, n_cands + 1, &cap_cands, sizeof(BeamCandidate))) {
                        r = R_OOM; goto out;
                    }
                    cands[n_cands].score = (i64)(total - cc->left) + slack;
                    cands[n_cands].order = (int)n_cands;
                    cands[n_cands].node = (BeamNode){child, child_dealt, child_played, key,
                                                     (int)e, club, mask};
                    n_cands++;
                }
            }
        }
        set_free(&reached); reached.grids = NULL; reached.played = NULL;
        qsort(cands, n_cands, sizeof(BeamCandidate), beam_better);
        size_t keep = n_cands < (size_t)width ? n_cands : (size_t)width;
        if (reserve((void **)&kept, n_kept + keep, &cap_kept, sizeof(BeamNode))) {
            r = R_OOM; goto out;
        }
        for (size_t i = 0; i < keep; i++) kept[n_kept + i] = cands[i].node;
        first = n_kept; n_kept += keep; last = n_kept;
    }
out:
    if (reached.grids || reached.played) set_free(&reached);
    free(kept); free(cands);
    return r;
}

static int cf_solve_inner(const int *values, const int *suits, int total, u64 grid, int dealt,
                          const int *club_order, int n_clubs, int hand_size,
                          const int *rules, const int *tech, const int *budgets, int n_budgets,
                          const int *beams, int n_beams, double noise, i64 max_nodes, double timeout,
                          int *line_club, int *line_mask, int *line_len, i64 *stats,
                          u64 *table_grids, int *table_played, i64 table_cap, int leave,
                          const int *prefix, int prefix_len);

/*
 * Solve one position.  Returns 0 win, 1 loss, 2 unknown (a limit), 4 out of
 * memory, 5 interrupted (SIGINT, only with catch_interrupt: the caller must
 * be the process's main thread).  line: up to 13 (club, mask) pairs; stats:
 * S_COUNT counters.  beams: n_beams (nodes, width) pairs, Techniques.beams
 * (a beam of that width once the search has spent that many nodes).
 * table_grids/table_played (may be NULL): the refuted
 * states are copied there at the end, at most table_cap of them (the loss
 * certificate, each grid with its deal position in bits 54 and up, as the
 * certificate packs it; stats[S_TABLE_SIZE] says how many there were).  leave: the
 * goal is at most that many cards in play, 0 for a win (solver.py's solve
 * turns off the techniques that assume the last club takes every card).
 */
int cf_solve(const int *values, const int *suits, int total, u64 grid, int dealt,
             const int *club_order, int n_clubs, int hand_size,
             const int *rules, const int *tech, const int *budgets, int n_budgets,
             const int *beams, int n_beams, double noise, i64 max_nodes, double timeout,
             int *line_club, int *line_mask, int *line_len, i64 *stats,
             u64 *table_grids, int *table_played, i64 table_cap,
             int catch_interrupt, int leave, const int *prefix, int prefix_len) {
    struct sigaction previous;
    int hooked = catch_sigint(catch_interrupt, &previous);
    int verdict = cf_solve_inner(values, suits, total, grid, dealt, club_order, n_clubs,
                                 hand_size, rules, tech, budgets, n_budgets, beams, n_beams,
                                 noise, max_nodes,
                                 timeout, line_club, line_mask, line_len, stats,
                                 table_grids, table_played, table_cap, leave, prefix,
                                 prefix_len);
    if (hooked) sigaction(SIGINT, &previous, NULL);
    /* A Ctrl-C that arrived during the solve is the user's, whatever the verdict:
       clearing it because the search happened to finish would lose it. */
    if (cf_interrupted) verdict = 5;
    cf_interrupted = 0;
    return verdict;
}

static int cf_solve_inner(const int *values, const int *suits, int total, u64 grid, int dealt,
                          const int *club_order, int n_clubs, int hand_size,
                          const int *rules, const int *tech, const int *budgets, int n_budgets,
                          const int *beams, int n_beams, double noise, i64 max_nodes, double timeout,
                          int *line_club, int *line_mask, int *line_len, i64 *stats,
                          u64 *table_grids, int *table_played, i64 table_cap, int leave,
                          const int *prefix, int prefix_len) {
    init_tables();
    if (total > 62) return 4;
    Search *S = calloc(1, sizeof(Search));
    if (!S) return 4;
    S->total = total;
    for (int i = 0; i < total; i++) {
        S->values[i] = values[i]; S->suits[i] = suits[i];
        S->delta[i] = values[i] == 0 ? (uint32_t)1 << JOKER_SHIFT : (uint32_t)1 << (2 * (values[i] - 1));
    }
    for (int suit = 0; suit < 4; suit++) S->suit_prefix[suit][0] = 0;
    for (int i = 0; i < total; i++)
        for (int suit = 0; suit < 4; suit++)
            S->suit_prefix[suit][i + 1] = S->suit_prefix[suit][i]
                + (values[i] != 0 && suits[i] == suit);
    memset(S->value_prefix[0], 0, sizeof S->value_prefix[0]);
    memset(S->below_prefix[0], 0, sizeof S->below_prefix[0]);
    for (int i = 0; i < total; i++)
        for (int v = 0; v < 15; v++) {
            S->value_prefix[i + 1][v] = S->value_prefix[i][v] + (values[i] == v);
            S->below_prefix[i + 1][v] = S->below_prefix[i][v]
                + (values[i] != 0 && values[i] < v);
        }
    S->suffix[total] = 0;
    for (int i = total - 1; i >= 0; i--) S->suffix[i] = S->suffix[i + 1] + S->delta[i];
    for (int i = 0; i < R_COUNT; i++) S->rules[i] = rules[i];
    for (int i = 0; i < T_COUNT; i++) S->tech[i] = tech[i];
    S->duty = 0;
    if (tech[T_JOKER_DUTY] && !rules[R_JOKERS_MATCH] && !rules[R_SUM_JOKERS_ZERO])
        for (int i = 0; i < total; i++) S->duty += values[i] == 0;
    if (S->duty > 2) S->duty = 0;  /* a deal has 1 or 2 Jokers (joker_duty) */
    S->jj = S->duty + 1;
    S->budgets = budgets; S->n_budgets = n_budgets; S->noise_level = noise;
    S->leave = leave;
    if (prefix_len < 0 || prefix_len > 15) { free(S); return 4; }
    S->prefix_len = prefix_len;
    for (int i = 0; i < prefix_len; i++) {
        S->prefix_club[i] = prefix[2 * i]; S->prefix_mask[i] = prefix[2 * i + 1];
    }
    /* With cards allowed to stay (leave), a Joker may be one of them. */
    S->jokers_constrained = !(rules[R_JOKERS_MATCH] || rules[R_SUM_JOKERS_ZERO] || leave);
    for (int t = 0; t < n_clubs + 2 && t < 16; t++) {
        int mask = 0, upto = hand_size + t < n_clubs ? hand_size + t : n_clubs;
        for (int i = 0; i < upto; i++) mask |= 1 << club_order[i];
        S->drawn[t] = mask;
    }
    for (int t = n_clubs + 2; t < 16; t++) S->drawn[t] = S->drawn[n_clubs + 1];
    S->all_clubs = S->drawn[n_clubs + 1];
    S->n_clubs = n_clubs < 16 ? n_clubs : 16; S->hand_size = hand_size; S->start_dealt = dealt;
    for (int i = 0; i < S->n_clubs; i++) S->club_order[i] = club_order[i];
    {
        int filled = 0;
        for (int s = 0; s < 9; s++) if ((grid >> (6 * s) & 63) != EMPTY) filled++;
        S->ladder_usable = tech[T_LADDER] && (filled == 9 || dealt == total);
    }
    for (int v = 0; v < 14; v++) S->available[v] = 0;
    for (int i = 0; i < n_clubs; i++) {
        int a = i - hand_size + 1;
        S->available[club_order[i]] = a > 0 ? a : 0;
    }
    S->max_nodes = max_nodes;
    if (timeout >= 0) { S->has_deadline = 1; S->deadline = now_seconds() + timeout; }
    S->rng = 0x5EED;
    int verdict = 4;
    if (map_init(&S->move_map, 1 << 14) || map_init(&S->caps_map, 1 << 12)
            || map_init(&S->sum_map, 1 << 12)
            || set_init(&S->refuted, 1 << 12)) goto done;
    if (grid_table(S, GRID_SLOTS_FIRST)) goto done;

    {
        uint32_t key = 0;
        for (int i = 0; i < total; i++) key += S->delta[i];
        *line_len = 0;
        const Caps *c = caps_of(S, key);
        if (!c) goto done;
        if (c->left <= leave) { verdict = 0; goto done; }
        int hand = S->drawn[0];
        if (!hand) { verdict = 1; goto done; }
        int left = c->left - leave;
        if ((tech[T_BOUND] && capacity_bound(S, key, S->all_clubs) < left)
                || (tech[T_NEXT_CLUB] && next_club_bound(S, grid, key, hand, S->all_clubs) < left)) {
            verdict = 1; goto done;
        }
        int informed = tech[T_ORDER] && tech[T_NEXT_CLUB];
        int r = R_RESTART;
        if (tech[T_RESTARTS] && tech[T_ORDER]) {
            int steps = n_budgets + (tech[T_FIRST_BUDGET] > 0);
            int next_beam = informed ? 0 : n_beams;
            for (int step = 0; step < steps; step++) {
                int first = tech[T_FIRST_BUDGET] > 0 && step == 0;
                int i = step - (tech[T_FIRST_BUDGET] > 0);
                if (!first) {
                    int ok = start_ladder(S, grid, key);
                    if (ok < 0) { r = R_OOM; break; }
                    if (!ok) { r = R_LOSS; break; }
                }
                while (!first && next_beam < n_beams && S->nodes >= beams[2 * next_beam]) {
                    r = beam(S, grid, dealt, key, beams[2 * next_beam + 1]);
                    next_beam++;
                    if (r != R_LOSS) break;
                    r = R_RESTART;
                }
                if (r != R_RESTART) break;
                S->has_budget = 1;
                S->budget = S->nodes + (first ? tech[T_FIRST_BUDGET] : budgets[i]);
                S->noise = first ? 0.0 : (i ? noise : 0.0);
                r = search(S, grid, dealt, 0, key, first ? 0 : informed, 0);
                if (r != R_RESTART) break;
                S->stats[S_RESTARTS]++;
            }
            if (r == R_RESTART) {
                S->has_budget = 0;
                S->noise = n_budgets ? noise : 0.0;
            }
        }
        if (r == R_RESTART) {
            int ok = start_ladder(S, grid, key);
            r = ok < 0 ? R_OOM : !ok ? R_LOSS : search(S, grid, dealt, 0, key, informed, 0);
        }
        if (r == R_WIN) {
            verdict = 0;
            *line_len = S->line_len;
            for (int i = 0; i < S->line_len; i++) { line_club[i] = S->line_club[i]; line_mask[i] = S->line_mask[i]; }
        } else if (r == R_LOSS) verdict = 1;
        else if (r == R_STOP) verdict = 2;
        else verdict = 4;
    }
done:
    S->stats[S_TABLE_SIZE] = (i64)S->refuted.size;
    S->stats[S_NODES] = S->nodes;
    if (S->refuted.grids) {
        /* One pass: count the certificate's states, and pack the first table_cap of
         * them when asked for. */
        int packing = table_grids && table_played;
        i64 n = 0;
        for (size_t i = 0; i < S->refuted.cap; i++) {
            if (S->refuted.played[i] == NO_PLAYED || (S->refuted.played[i] & CUT_ONLY)) continue;
            if (packing && n < table_cap) {
                /* The certificate's packed form: the deal position beside the grid
                 * (bit 54 on, certificate.py PACKED_DEALT_SHIFT; _solver_core.dealt_of). */
                u64 g = S->refuted.grids[i];
                int dealt_then = 0;
                for (int s = 0; s < 9; s++) {
                    int index = slot_of(g, s);
                    if (index == EMPTY) { dealt_then = S->total; break; }
                    if (index >= dealt_then) dealt_then = index + 1;
                }
                table_grids[n] = g | (u64)dealt_then << 54;
                table_played[n] = S->refuted.played[i];
            }
            n++;
        }
        S->stats[S_CERTIFIED] = n;
    }
    for (int i = 0; i < S_COUNT; i++) stats[i] = S->stats[i];
    map_free(&S->move_map); map_free(&S->caps_map); map_free(&S->sum_map);
    if (S->refuted.grids) set_free(&S->refuted);
    free(S->ladder); free(S->ladder_row);
    free(S->moves); free(S->caps); free(S->sums); free(S->grids);
    for (int i = 0; i < 16; i++) free(S->child_buf[i]);
    free(S);
    return verdict;
}

/* ======================================================================== */
/* The screen's first stage (analysis/clubfight/screen.py): many numbered   */
/* deals in one call, each dealt here and searched for a win with its last  */
/* clubs removed by a narrow beam.  Only wins are claimed (the line is      */
/* handed back); a deal the beam does not win proves nothing and goes on to */
/* the exact stage.  screen.py's beam_win is the reference: the same        */
/* children in the same order, the same scores and the same choice of the   */
/* states kept, so the two win the same deals with the same lines.          */
/* ======================================================================== */

#define SCREEN_GRID_CARDS 39
#define SCREEN_HAND 4
#define SCREEN_MAX_CLUBS 13

/* Deal CF<jokers>-<number> (model/clubfight/deals.py, the specification's
 * shuffle): values and suits of the grid deck in deal order (39 + jokers
 * cards; a Joker is value 0, suit 4), the 13 club values in draw order. */
static void screen_deal(int jokers, u64 number, int *values, int *suits, int *clubs) {
    int deck[54], n = 52 + jokers;
    for (int k = 0; k < n; k++) deck[k] = k;
    u64 state = number;
    for (int i = n - 1; i > 0; i--) {
        state += 0x9E3779B97F4A7C15ULL;
        u64 z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        int j = (int)(z % (u64)(i + 1));
        int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
    int g = 0, c = 0;
    for (int i = 0; i < n; i++) {
        int card = deck[i];
        if (card >= 52) { values[g] = 0; suits[g] = 4; g++; }
        else if (card < 13) clubs[c++] = card % 13 + 1;
        else { values[g] = card % 13 + 1; suits[g] = card / 13; g++; }
    }
}

/*
 * Sort packed states by grid, then played set, in place, the order a
 * certificate's file lists them in, and drop repeats: returns how many
 * distinct states lead the arrays now, or -1 when the memory is not there
 * (the arrays then unchanged).  In C because the Python sort of the pairs
 * made a tuple and two ints a state and took a fifth of a proof's time
 * (CF2-8834 with 11 clubs, 3,441,198 states: 30.4 CPU s, 24.7 with this);
 * this takes 16 bytes a state while it runs.  A proof in parts
 * (analysis/clubfight/divided.py) also drops the states parts share here.
 */
typedef struct { u64 grid; int played; } PackedState;

static int packed_order(const void *a, const void *b) {
    const PackedState *x = a, *y = b;
    if (x->grid != y->grid) return x->grid < y->grid ? -1 : 1;
    return (x->played > y->played) - (x->played < y->played);
}

i64 cf_sort_states(u64 *grids, int *played, i64 n) {
    if (n < 2) return n < 0 ? 0 : n;
    PackedState *all = malloc((size_t)n * sizeof *all);
    if (!all) return -1;
    for (i64 i = 0; i < n; i++) { all[i].grid = grids[i]; all[i].played = played[i]; }
    qsort(all, (size_t)n, sizeof *all, packed_order);
    i64 kept = 0;
    for (i64 i = 0; i < n; i++) {
        if (kept && all[i].grid == grids[kept - 1] && all[i].played == played[kept - 1])
            continue;
        grids[kept] = all[i].grid; played[kept] = all[i].played; kept++;
    }
    free(all);
    return kept;
}

/* cf_deal: screen_deal for Python's tests (the deal numbering must match). */
int cf_deal(int jokers, u64 number, int *values, int *suits, int *clubs) {
    if (jokers != 1 && jokers != 2) return 1;
    screen_deal(jokers, number, values, suits, clubs);
    return 0;
}

/* A state the beam keeps: its parent (index into the kept states) and the
 * move from there, for the line. */
typedef struct { u64 grid; int dealt, played, left, jokers_gone, parent, club, mask; } ScreenNode;
typedef struct { ScreenNode node; int score; } ScreenCandidate;
/* The states met in one turn: (grid, played) with the turn's stamp. */
typedef struct { u64 grid; int played; uint32_t stamp; } ScreenSeen;

typedef struct {
    ScreenNode *kept; size_t cap_kept;
    ScreenCandidate *cands; size_t cap_cands;
    ScreenSeen *seen; size_t cap_seen; uint32_t stamp;
} ScreenRoom;

#define SCREEN_SCORES 128

/* How promising a child is (screen.py: beam_score): twice the cards gone,
 * plus the two largest clears the clubs of its next hand have on its grid
 * (`clears`: max_clears of its grid), plus twice the Jokers gone where only
 * Any or a Line can take one.  Below SCREEN_SCORES. */
static int screen_score(const Search *S, const int *clears, int gone, int jokers_gone,
                        int next_hand) {
    int best = 0, second = 0;
    for (int v = 1; v < 14; v++) {
        if (!(next_hand >> v & 1)) continue;
        if (clears[v] > best) { second = best; best = clears[v]; }
        else if (clears[v] > second) second = clears[v];
    }
    int score = 2 * gone + best + second;
    if (!S->rules[R_JOKERS_MATCH] && !S->rules[R_SUM_JOKERS_ZERO]) score += 2 * jokers_gone;
    return score;
}

/* Whether (grid, played) was met before in this turn (and note it if not);
 * -1 when out of memory. */
static int screen_seen(ScreenRoom *R, u64 grid, int played, size_t met) {
    if ((met + 1) * 2 > R->cap_seen) {
        size_t nc = R->cap_seen ? R->cap_seen * 2 : 1 << 12;
        while ((met + 1) * 2 > nc) nc *= 2;
        ScreenSeen *p = realloc(R->seen, nc * sizeof(ScreenSeen));
        if (!p) return -1;
        R->seen = p; R->cap_seen = nc;
        /* A fresh table: the states of this turn met so far are noted again
         * by the caller's rehash below. */
        memset(R->seen, 0, nc * sizeof(ScreenSeen));
        R->stamp = 1;
        for (size_t i = 0; i < met; i++) {
            const ScreenNode *c = &R->cands[i].node;
            size_t mask = nc - 1, at = state_hash(c->grid, c->played) & mask;
            while (R->seen[at].stamp == R->stamp) at = (at + 1) & mask;
            R->seen[at] = (ScreenSeen){c->grid, c->played, R->stamp};
        }
    }
    size_t mask = R->cap_seen - 1, at = state_hash(grid, played) & mask;
    while (R->seen[at].stamp == R->stamp) {
        if (R->seen[at].played == played && R->seen[at].grid == grid) return 1;
        at = (at + 1) & mask;
    }
    R->seen[at] = (ScreenSeen){grid, played, R->stamp};
    return 0;
}

/* The beam of screen.py's beam_win on the position S holds (the grid of its
 * first 9 cards, every club of S->club_order): each turn, every child of the
 * states kept, the first of each (grid, played) in the order made, scored by
 * the cards gone plus the largest clear a club of the next hand has on the
 * child's grid; the `width` best are kept, ties in the order made.  R_WIN
 * with the line in S->line_*, R_LOSS when the beam ends without a win (which
 * proves nothing), R_OOM.  S->nodes counts the states expanded. */
static int screen_beam(Search *S, ScreenRoom *R, int width) {
    int total = S->total;
    u64 grid0 = 0;
    for (int s = 0; s < 9; s++) grid0 |= (u64)s << (6 * s);
    if (reserve((void **)&R->kept, 1, &R->cap_kept, sizeof(ScreenNode))) return R_OOM;
    R->kept[0] = (ScreenNode){grid0, 9, 0, total, 0, -1, 0, 0};
    size_t n_kept = 1, first = 0, last = 1;
    Found *f = &S->found;
    int cells[9];
    while (first < last) {
        size_t n_cands = 0;
        R->stamp++;
        if (R->stamp == 0) { memset(R->seen, 0, R->cap_seen * sizeof(ScreenSeen)); R->stamp = 1; }
        for (size_t e = first; e < last; e++) {
            ScreenNode at = R->kept[e];
            S->nodes++;
            if ((S->nodes & 1023) == 0 && cf_interrupted) return R_STOP;
            int turn = popcount((u64)at.played);
            int hand = S->drawn[turn] & ~at.played;
            int remaining = S->all_clubs & ~at.played;
            unpack(at.grid, cells);
            for (int club = 1; club < 14; club++) {
                if (!(hand >> club & 1)) continue;
                int bit = 1 << club, after = remaining & ~bit;
                club_masks(S, cells, club, f);
                for (int i = 0; i < f->n; i++) {
                    int mask = f->list[i], k = MASK_LEN[mask];
                    if (k >= at.left) {
                        S->line_len = turn + 1;
                        S->line_club[turn] = club; S->line_mask[turn] = mask;
                        for (int n = (int)e; R->kept[n].parent >= 0; n = R->kept[n].parent) {
                            int d = popcount((u64)R->kept[n].played) - 1;
                            S->line_club[d] = R->kept[n].club; S->line_mask[d] = R->kept[n].mask;
                        }
                        return R_WIN;
                    }
                    /* Each club clears at most 9: fewer clubs than that leaves cards. */
                    if (9 * popcount((u64)after) < at.left - k) continue;
                    int dealt = at.dealt;
                    u64 child = child_grid(at.grid, &dealt, total, mask);
                    int played = at.played | bit;
                    int met = screen_seen(R, child, played, n_cands);
                    if (met < 0) return R_OOM;
                    if (met) continue;
                    if (reserve((void **)&R->cands, n_cands + 1, &R->cap_cands,
                                sizeof(ScreenCandidate))) return R_OOM;
                    const int *clears = max_clears(S, child);
                    if (!clears) return R_OOM;
                    int jokers_gone = at.jokers_gone;
                    for (int j = 0; j < k; j++)
                        jokers_gone += S->values[cells[MASK_SLOTS[mask][j]]] == 0;
                    R->cands[n_cands].node = (ScreenNode){child, dealt, played, at.left - k,
                                                          jokers_gone, (int)e, club, mask};
                    R->cands[n_cands].score = screen_score(S, clears, total - (at.left - k),
                                                           jokers_gone,
                                                           S->drawn[turn + 1] & ~played);
                    n_cands++;
                }
            }
        }
        /* Keep the `width` best: every score above the cut, and of the cut's
         * score as many as fit, in the order made. */
        int by_score[SCREEN_SCORES] = {0}, cut = 0, take_at_cut = n_cands, room = width;
        if (n_cands > (size_t)width) {
            for (size_t i = 0; i < n_cands; i++) by_score[R->cands[i].score]++;
            for (cut = SCREEN_SCORES - 1; by_score[cut] < room; cut--) room -= by_score[cut];
            take_at_cut = room;
        }
        if (reserve((void **)&R->kept, n_kept + (size_t)width + 1, &R->cap_kept,
                    sizeof(ScreenNode))) return R_OOM;
        size_t added = 0;
        for (size_t i = 0; i < n_cands; i++) {
            int score = R->cands[i].score;
            if (score < cut) continue;
            if (score == cut) { if (take_at_cut == 0) continue; take_at_cut--; }
            R->kept[n_kept + added++] = R->cands[i].node;
        }
        first = n_kept; n_kept += added; last = n_kept;
    }
    return R_LOSS;
}

/*
 * Screen `count` deals CF<jokers>-<first> .. : each is dealt, its clubs cut to
 * the first `clubs_kept` in draw order (the hand sorted, as State.from_deal
 * holds it), and searched by screen_beam with each width of `widths` in turn
 * until one wins.  Per deal: won[i] the place (from 1) in `widths` of the
 * width that won, 0 when none did; nodes[i] the states expanded (all widths), and
 * for a win its line in line_club/line_mask[16 * i ..] (line_len[i] moves).
 * Returns 0, 4 out of memory, 5 interrupted (SIGINT, with catch_interrupt).
 */
int cf_screen_batch(u64 first, int count, int jokers, int clubs_kept, const int *rules,
                    const int *widths, int n_widths, int catch_interrupt,
                    int *won, i64 *nodes, int *line_club, int *line_mask, int *line_len) {
    init_tables();
    if ((jokers != 1 && jokers != 2) || clubs_kept < 1 || clubs_kept > SCREEN_MAX_CLUBS)
        return 4;
    struct sigaction previous;
    int hooked = catch_sigint(catch_interrupt, &previous);
    int code = 0;
    Search *S = calloc(1, sizeof(Search));
    ScreenRoom room = {0};
    if (!S) { code = 4; goto done; }
    for (int i = 0; i < R_COUNT; i++) S->rules[i] = rules[i];
    S->total = SCREEN_GRID_CARDS + jokers;
    if (grid_table(S, GRID_SLOTS_FIRST)) { code = 4; goto done; }
    for (int d = 0; d < count; d++) {
        int clubs[SCREEN_MAX_CLUBS];
        screen_deal(jokers, first + (u64)d, S->values, S->suits, clubs);
        int hand = clubs_kept < SCREEN_HAND ? clubs_kept : SCREEN_HAND;
        int order[SCREEN_MAX_CLUBS];
        for (int i = 0; i < clubs_kept; i++) order[i] = clubs[i];
        for (int i = 1; i < hand; i++)  /* the hand sorted (State.from_deal) */
            for (int j = i; j > 0 && order[j - 1] > order[j]; j--) {
                int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
            }
        for (int t = 0; t < 16; t++) {
            int mask = 0, upto = hand + t < clubs_kept ? hand + t : clubs_kept;
            for (int i = 0; i < upto; i++) mask |= 1 << order[i];
            S->drawn[t] = mask;
        }
        S->all_clubs = S->drawn[15];
        S->nodes = 0;
        /* The table of largest clears is by grid: another deal's cards, forget them. */
        for (size_t i = 0; i < S->grid_slots; i++) S->grids[i].grid = NO_KEY;
        S->line_len = 0;
        int r = R_LOSS, w = 0;
        while (w < n_widths && (r = screen_beam(S, &room, widths[w])) == R_LOSS) w++;
        if (r == R_OOM) { code = 4; goto done; }
        if (r == R_STOP || cf_interrupted) { code = 5; goto done; }
        won[d] = r == R_WIN ? w + 1 : 0;
        nodes[d] = S->nodes;
        line_len[d] = r == R_WIN ? S->line_len : 0;
        for (int i = 0; i < line_len[d]; i++) {
            line_club[16 * d + i] = S->line_club[i];
            line_mask[16 * d + i] = S->line_mask[i];
        }
    }
done:
    free(room.kept); free(room.cands); free(room.seen);
    if (S) free(S->grids);
    free(S);
    if (hooked) sigaction(SIGINT, &previous, NULL);
    if (cf_interrupted) code = 5;
    cf_interrupted = 0;
    return code;
}
