/*
 * The compiled loss-certificate checker of Club Fight.
 *
 * A port of the Python checker (analysis/clubfight/losscheck.py, check_loss):
 * the same walk, the same order of moves, the same bound, so that both give
 * the same answer and the same counts on any certificate.  It shares nothing
 * with the solver's core (_solver_core.c): the move generator is written
 * here from the rules as model/clubfight/moves.py states them (CF 3, CF 4),
 * the capacities from the arguments of analysis/clubfight/capacity.py, and the
 * states and their hash tables are this file's own.
 *
 * A state: the card number in each of the 9 slots (-1 empty; cards numbered
 * in deal order: the start's grid slot by slot, then its deck), the cards
 * dealt so far, and the club values played since the start (bit v set for
 * the club of value v).
 *
 * Entry point: clc_check (see its comment).  Built and loaded by
 * analysis/clubfight/_losscheck_native.py.
 */

#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;
typedef int64_t i64;

#define SLOTS 9
#define MAX_CARDS 63      /* a slot holds a card number in 6 bits, 63 is empty */
#define MOVE_ROOM 520     /* distinct slot masks are at most 512 */
#define NO_LIMIT 1000000
#define CAPS_CACHE (1 << 16)  /* the Python checker's 10 ** 6: "no Joker duty possible" */
#define GRID_CACHE (1 << 16)

enum { SUIT_NONE = 0, SUIT_D = 1, SUIT_H = 2, SUIT_S = 3 };
enum { BLOCK_LINE = 1, BLOCK_RUN = 2, BLOCK_UPDOWN = 4 };

/* Result codes of clc_check (analysis/clubfight/_losscheck_native.py reads them). */
enum { OUT_OK = 0, OUT_REFUTED = 1, OUT_UNSETTLED = 2, OUT_NO_MEMORY = 3, OUT_INTERRUPTED = 5 };
/* What refuted a certificate (detail[0]); detail[1], detail[2]: club, slot mask. */
enum { WHY_START_WON = 0, WHY_SEARCH_WINS_START = 1, WHY_LISTED_CHILD_WINS = 2,
       WHY_LISTED_CHILD_SEARCH_WINS = 3 };

static const int LINE_SLOTS[6][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8},
};

/* Ctrl-C while the check runs: Python's handler only runs after the call
 * returns, so clc_check (when asked) takes SIGINT itself and polls this. */
static volatile sig_atomic_t clc_interrupted = 0;
static void clc_on_sigint(int sig) { (void)sig; clc_interrupted = 1; }

/* Ctrl-C sets the flag the check polls, for the length of one check: 1 when
 * our handler is in place and `before` holds the one to put back. */
static int clc_take_sigint(struct sigaction *before) {
    struct sigaction ours = {0};
    ours.sa_handler = clc_on_sigint;
    sigemptyset(&ours.sa_mask);
    return sigaction(SIGINT, &ours, before) == 0;
}

/* ---------------------------------------------------------------------------
 * States and a hash set of them
 * ------------------------------------------------------------------------- */

typedef struct {
    signed char cells[SLOTS];
    int dealt;
    int played;   /* bit v: the club of value v has been played */
} Node;

typedef struct {
    u64 *slots_key;       /* packed cells and dealt */
    uint32_t *played;     /* played | 1 << 20 when the entry is used */
    unsigned char *value; /* decided table: 1 won, 0 lost */
    size_t capacity, size;
} Table;

#define USED (1u << 20)

static u64 pack_cells(const Node *n) {
    u64 key = 0;
    for (int s = 0; s < SLOTS; s++) key |= (u64)(n->cells[s] & 63) << (6 * s);
    return key | (u64)n->dealt << 54;
}

static size_t hash_of(u64 key, uint32_t played) {
    u64 z = key ^ ((u64)played << 32) ^ ((u64)played * 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (size_t)(z ^ (z >> 31));
}

static int table_init(Table *t, size_t expected) {
    size_t capacity = 64;
    while (capacity < expected * 2 + 16) capacity <<= 1;
    t->slots_key = calloc(capacity, sizeof(u64));
    t->played = calloc(capacity, sizeof(uint32_t));
    t->value = calloc(capacity, 1);
    t->capacity = capacity;
    t->size = 0;
    return t->slots_key && t->played && t->value;
}

static void table_free(Table *t) {
    free(t->slots_key);
    free(t->played);
    free(t->value);
    memset(t, 0, sizeof *t);
}

/* The index of the entry, or of the empty place where it would go. */
static size_t table_place(const Table *t, u64 key, uint32_t played) {
    size_t mask = t->capacity - 1, i = hash_of(key, played) & mask;
    while (t->played[i] & USED) {
        if (t->slots_key[i] == key && (t->played[i] & ~USED) == played) return i;
        i = (i + 1) & mask;
    }
    return i;
}

static int table_grow(Table *t) {
    Table bigger;
    if (!table_init(&bigger, t->capacity)) { table_free(&bigger); return 0; }
    for (size_t i = 0; i < t->capacity; i++) {
        if (!(t->played[i] & USED)) continue;
        size_t j = table_place(&bigger, t->slots_key[i], t->played[i] & ~USED);
        bigger.slots_key[j] = t->slots_key[i];
        bigger.played[j] = t->played[i];
        bigger.value[j] = t->value[i];
    }
    bigger.size = t->size;
    table_free(t);
    *t = bigger;
    return 1;
}

/* -1 absent, else the stored value. */
static int table_get(const Table *t, const Node *n) {
    size_t i = table_place(t, pack_cells(n), (uint32_t)n->played);
    return (t->played[i] & USED) ? t->value[i] : -1;
}

/* 1 added, 0 already there, -1 out of memory. */
static int table_put(Table *t, const Node *n, int value) {
    if ((t->size + 1) * 2 > t->capacity && !table_grow(t)) return -1;
    u64 key = pack_cells(n);
    size_t i = table_place(t, key, (uint32_t)n->played);
    if (t->played[i] & USED) { t->value[i] = (unsigned char)value; return 0; }
    t->slots_key[i] = key;
    t->played[i] = (uint32_t)n->played | USED;
    t->value[i] = (unsigned char)value;
    t->size++;
    return 1;
}

/* ---------------------------------------------------------------------------
 * The deal, the rules, the check's counters
 * ------------------------------------------------------------------------- */

typedef struct {
    int total;
    int value[MAX_CARDS];     /* 0 for a Joker */
    int suit[MAX_CARDS];      /* SUIT_* */
    int prefix_value[MAX_CARDS + 1][14];  /* cards of each value (0 Joker) among numbers < i */
    int prefix_suit[MAX_CARDS + 1][4];    /* cards of each suit among numbers < i */
    int order[13], clubs;     /* the club order: hand, then club deck */
    int hand_size;
    /* rules */
    int must_clear, jokers_match, match_any_subset, sum_jokers_zero;
    int updown_any_subset, line_joker_target, run_min_cards;
    int window_clubs;
    i64 search_budget, search_nodes;
    Table decided;
    /* capacities remembered per (multiset of values, blocked actions):
     * direct-mapped, CAPS_CACHE entries (a key with the top bit set is used) */
    u64 *caps_key;
    unsigned char (*caps_value)[14];
    /* largest moves remembered per grid: direct-mapped, GRID_CACHE entries */
    u64 *grid_key;
    unsigned char (*grid_value)[14];
    /* The ladder (losscheck_ladder.py _ladder_needs): need[(((played * (total + 1) + C)
     * * (duty + 1) + gone) * (duty + 1) + taken], LADDER_NONE where no clear
     * will do; NULL when not usable.  duty: the Jokers that leave the grid only
     * by Any or a Line (none when Jokers match or join Sums). */
    unsigned char *ladder;
    int duty;
    int status;               /* OUT_* once the check must stop */
    /* counters */
    i64 visited, children, bound_cuts, listed, searched;
} Checker;

/* Bit count without the library call __builtin_popcount becomes when the
 * compiler may not assume a popcnt instruction (the flags are portable). */
static inline int popcount(unsigned x) {
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return (int)(((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u >> 24);
}
static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

/* The rules fields, in Rules' order (model/clubfight/rules.py). */
static void set_rules(Checker *c, const int *rules) {
    c->must_clear = rules[0];
    c->jokers_match = rules[1];
    c->match_any_subset = rules[2];
    c->sum_jokers_zero = rules[3];
    c->updown_any_subset = rules[4];
    c->line_joker_target = rules[5];
    c->run_min_cards = rules[6];
}

static void set_cards(Checker *c, const int *values, const int *suits, int total) {
    c->total = total;
    for (int i = 0; i < total; i++) {
        c->value[i] = values[i];
        c->suit[i] = suits[i] >= 0 && suits[i] <= 3 ? suits[i] : SUIT_NONE;
    }
}

/* The clubs drawn (CF 2.4) and not played, in club order. */
static int hand_of(const Checker *c, int played, int *out) {
    int drawn = imin(c->clubs, c->hand_size + popcount((unsigned)played));
    int n = 0;
    for (int i = 0; i < drawn; i++)
        if (!(played >> c->order[i] & 1)) out[n++] = c->order[i];
    return n;
}

static int remaining_of(const Checker *c, int played, int *out, int *index) {
    int n = 0;
    for (int i = 0; i < c->clubs; i++)
        if (!(played >> c->order[i] & 1)) { index[n] = i; out[n++] = c->order[i]; }
    return n;
}

static int cards_left(const Checker *c, const Node *n) {
    int left = c->total - n->dealt;
    for (int s = 0; s < SLOTS; s++) left += n->cells[s] >= 0;
    return left;
}

/* Clear the slots of mask, refill empty slots in slot order (CF 2.3). */
static Node after_move(const Checker *c, const Node *n, int mask, int club) {
    Node out = *n;
    for (int s = 0; s < SLOTS; s++)
        if (mask >> s & 1) out.cells[s] = -1;
    for (int s = 0; s < SLOTS; s++)
        if (out.cells[s] < 0 && out.dealt < c->total) out.cells[s] = (signed char)out.dealt++;
    out.played |= 1 << club;
    return out;
}

/* ---------------------------------------------------------------------------
 * Moves (CF 3 blocking, CF 4 actions), in the order moves.py lists them,
 * each distinct slot mask once (its first appearance)
 * ------------------------------------------------------------------------- */

/* Slot lists compared as tuples: by first differing slot, a prefix first. */
static int tuple_cmp(int a, int b) {
    while (a && b) {
        int la = __builtin_ctz((unsigned)a), lb = __builtin_ctz((unsigned)b);
        if (la != lb) return la < lb ? -1 : 1;
        a &= a - 1;
        b &= b - 1;
    }
    return a ? 1 : (b ? -1 : 0);
}

static int tuple_sort_cmp(const void *x, const void *y) {
    return tuple_cmp(*(const int *)x, *(const int *)y);
}

typedef struct {
    int mask[MOVE_ROOM];
    int n;
    unsigned char seen[512];
} Moves;

static void add_move(Moves *m, int mask) {
    if (m->seen[mask]) return;
    m->seen[mask] = 1;
    m->mask[m->n++] = mask;
}

/* Every non-empty submask of set, by size then tuple order: for each size,
 * the combinations of its slots in lexicographic order (as itertools lists
 * them), so nothing needs sorting. */
static void add_subsets(Moves *m, int set) {
    int slot[SLOTS], n = 0;
    for (int s = 0; s < SLOTS; s++)
        if (set >> s & 1) slot[n++] = s;
    for (int k = 1; k <= n; k++) {
        int pick[SLOTS];
        for (int j = 0; j < k; j++) pick[j] = j;
        for (;;) {
            int mask = 0;
            for (int j = 0; j < k; j++) mask |= 1 << slot[pick[j]];
            add_move(m, mask);
            int j = k - 1;
            while (j >= 0 && pick[j] == n - k + j) j--;
            if (j < 0) break;
            pick[j]++;
            for (int i = j + 1; i < k; i++) pick[i] = pick[i - 1] + 1;
        }
    }
}

/* Match and Up/Down: all the cards found, or (any_subset) any non-empty part
 * of them; none found, an empty move unless every action must clear one. */
static void add_cards(const Checker *c, Moves *m, int found, int any_subset) {
    if (!found) {
        if (!c->must_clear) add_move(m, 0);
    } else if (any_subset) {
        add_subsets(m, found);
    } else {
        add_move(m, found);
    }
}

static int blocked_on(const Checker *c, const signed char *cells) {
    int count[4] = {0, 0, 0, 0};
    for (int s = 0; s < SLOTS; s++)
        if (cells[s] >= 0) count[c->suit[cells[s]]]++;
    return (count[SUIT_D] >= 3 ? BLOCK_LINE : 0) | (count[SUIT_H] >= 3 ? BLOCK_RUN : 0)
           | (count[SUIT_S] >= 3 ? BLOCK_UPDOWN : 0);
}

static void generate(const Checker *c, const signed char *cells, int club, Moves *m) {
    m->n = 0;
    memset(m->seen, 0, sizeof m->seen);
    int blocked = blocked_on(c, cells);
    int filled = 0, valued = 0, jokers = 0;
    int value_at[SLOTS];
    for (int s = 0; s < SLOTS; s++) {
        value_at[s] = -1;
        if (cells[s] < 0) continue;
        filled |= 1 << s;
        value_at[s] = c->value[cells[s]];
        if (value_at[s]) valued |= 1 << s; else jokers |= 1 << s;
    }
    /* Match (CF 4.1): the cards of the club's rank, Jokers too if they match. */
    int targets = 0;
    for (int s = 0; s < SLOTS; s++)
        if ((valued >> s & 1 && value_at[s] == club) || (c->jokers_match && jokers >> s & 1))
            targets |= 1 << s;
    add_cards(c, m, targets, c->match_any_subset);
    /* Sum (CF 4.2): valued cards adding up to the club (with Jokers at 0 if
     * they may join); listed in tuple order.  The sets of cards adding up to
     * at most the club grow one card at a time (a card above the club
     * never fits). */
    {
        int total[512], set[512], sets = 1, found[512], n = 0;
        int extra_set = c->sum_jokers_zero ? jokers : 0;
        total[0] = set[0] = 0;
        for (int s = 0; s < SLOTS; s++) {
            if (!(valued >> s & 1) || value_at[s] > club) continue;
            for (int i = 0, before = sets; i < before; i++)
                if (total[i] + value_at[s] <= club) {
                    total[sets] = total[i] + value_at[s];
                    set[sets++] = set[i] | 1 << s;
                }
        }
        for (int i = 1; i < sets; i++) {
            if (total[i] != club) continue;
            for (int extra = extra_set;; extra = (extra - 1) & extra_set) {
                found[n++] = set[i] | extra;
                if (!extra) break;
            }
        }
        qsort(found, (size_t)n, sizeof(int), tuple_sort_cmp);
        for (int i = 0; i < n; i++) add_move(m, found[i]);
    }
    /* Any (CF 4.3): one card. */
    for (int s = 0; s < SLOTS; s++)
        if (filled >> s & 1) add_move(m, 1 << s);
    /* Line (CF 4.4, blocked by Diamonds CF 3.2): a row or column holding the
     * club's rank (or a Joker, where Jokers may be aimed at). */
    if (!(blocked & BLOCK_LINE)) {
        for (int l = 0; l < 6; l++) {
            int cards = 0, aimed = 0;
            for (int k = 0; k < 3; k++) {
                int s = LINE_SLOTS[l][k];
                if (!(filled >> s & 1)) continue;
                cards |= 1 << s;
                if ((valued >> s & 1) ? value_at[s] == club : c->line_joker_target) aimed = 1;
            }
            if (aimed) add_move(m, cards);
        }
    }
    /* Up/Down (CF 4.5, blocked by Spades CF 3.3): lower than a 2-7, higher
     * than a 7-Q; valued cards only. */
    if (!(blocked & BLOCK_UPDOWN)) {
        for (int direction = 0; direction < 2; direction++) {
            if (direction == 0 ? !(club >= 2 && club <= 7) : !(club >= 7 && club <= 12)) continue;
            int side = 0;
            for (int s = 0; s < SLOTS; s++)
                if (valued >> s & 1 && (direction == 0 ? value_at[s] < club : value_at[s] > club))
                    side |= 1 << s;
            add_cards(c, m, side, c->updown_any_subset);
        }
    }
    /* Run (CF 4.6, blocked by Hearts CF 3.4): consecutive values with the
     * club, one card per value (not the club's own value); tuple order. */
    if (!(blocked & BLOCK_RUN)) {
        int by_value[14];
        memset(by_value, 0, sizeof by_value);
        for (int s = 0; s < SLOTS; s++)
            if (valued >> s & 1) by_value[value_at[s]] |= 1 << s;
        int found[512], n = 0;
        for (int low = club; low >= 1; low--) {
            if (low < club && !by_value[low]) break;
            for (int high = club; high <= 13; high++) {
                if (high > club && !by_value[high]) break;
                if (high - low + 1 < c->run_min_cards) continue;
                /* the product of one slot per value, as masks */
                int picks[512], np = 1;
                picks[0] = 0;
                for (int v = low; v <= high; v++) {
                    if (v == club) continue;
                    int next[512], nn = 0;
                    for (int i = 0; i < np; i++)
                        for (int s = 0; s < SLOTS; s++)
                            if (by_value[v] >> s & 1 && nn < 512) next[nn++] = picks[i] | 1 << s;
                    memcpy(picks, next, sizeof(int) * (size_t)nn);
                    np = nn;
                }
                for (int i = 0; i < np && n < 512; i++) found[n++] = picks[i];
            }
        }
        qsort(found, (size_t)n, sizeof(int), tuple_sort_cmp);
        for (int i = 0; i < n; i++) add_move(m, found[i]);
    }
}

/* most[t], t = 0..13: the most cards of the values counted (count[v], v =
 * 1..13) adding up to exactly t, -1 when none do (a knapsack). */
static void sums_of(const int *count, int *most) {
    for (int t = 0; t < 14; t++) most[t] = -1;
    most[0] = 0;
    for (int v = 1; v <= 13; v++)
        for (int copy = 0; copy < count[v]; copy++)
            for (int t = 13; t >= v; t--)
                if (most[t - v] >= 0 && most[t - v] + 1 > most[t]) most[t] = most[t - v] + 1;
}

/* The size of the largest move of every club 1..13 on `cells` (0 for a club
 * with none): the same number as the largest mask `generate` lists, found
 * per action without listing them (the bound asks for it at every child).
 * What the actions need of the grid (values, the knapsack of sums, lines,
 * blocking) is read once for all clubs. */
static void largest_moves_of(const Checker *c, const signed char *cells, int *largest) {
    int blocked = blocked_on(c, cells);
    int filled = 0, jokers = 0, count[15];
    int most[14];  /* most grid cards adding up to each total */
    memset(count, 0, sizeof count);
    for (int s = 0; s < SLOTS; s++) {
        if (cells[s] < 0) continue;
        filled++;
        int v = c->value[cells[s]];
        if (v) count[v]++; else jokers++;
    }
    sums_of(count, most);
    /* per line: its cards, the values aimed at (bits), a Joker on it */
    int line_cards[6], line_values[6], line_joker[6];
    for (int l = 0; l < 6; l++) {
        line_cards[l] = line_values[l] = line_joker[l] = 0;
        for (int k = 0; k < 3; k++) {
            int cell = cells[LINE_SLOTS[l][k]];
            if (cell < 0) continue;
            line_cards[l]++;
            if (c->value[cell]) line_values[l] |= 1 << c->value[cell];
            else line_joker[l] = 1;
        }
    }
    int below[15];  /* valued grid cards of values below v */
    below[0] = below[1] = 0;
    for (int v = 2; v < 15; v++) below[v] = below[v - 1] + count[v - 1];
    largest[0] = 0;
    for (int club = 1; club <= 13; club++) {
        int best = filled ? 1 : 0;                                        /* Any */
        best = imax(best, count[club] + (c->jokers_match ? jokers : 0));  /* Match */
        if (most[club] > 0) best = imax(best, most[club] + (c->sum_jokers_zero ? jokers : 0));
        if (!(blocked & BLOCK_LINE))
            for (int l = 0; l < 6; l++)
                if (line_values[l] >> club & 1 || (c->line_joker_target && line_joker[l]))
                    best = imax(best, line_cards[l]);
        if (!(blocked & BLOCK_UPDOWN)) {
            if (club >= 2 && club <= 7) best = imax(best, below[club]);
            if (club >= 7 && club <= 12) best = imax(best, below[14] - below[club + 1]);
        }
        if (!(blocked & BLOCK_RUN)) {
            int low = club, high = club;
            while (low > 1 && count[low - 1]) low--;
            while (high < 13 && count[high + 1]) high++;
            if (high - low + 1 >= c->run_min_cards) best = imax(best, high - low);
        }
        largest[club] = best;
    }
}

/* largest_moves_of, remembered per grid (direct-mapped, GRID_CACHE entries,
 * keyed by the cells packed 6 bits a slot with the top bit set). */
static void largest_moves(const Checker *c, const signed char *cells, int *largest) {
    if (!c->grid_key) { largest_moves_of(c, cells, largest); return; }
    u64 key = 1ull << 63;
    for (int s = 0; s < SLOTS; s++) key |= (u64)(cells[s] < 0 ? 63 : cells[s]) << (6 * s);
    size_t at = hash_of(key, 0) & (GRID_CACHE - 1);
    if (c->grid_key[at] == key) {
        for (int club = 0; club <= 13; club++) largest[club] = c->grid_value[at][club];
        return;
    }
    largest_moves_of(c, cells, largest);
    c->grid_key[at] = key;
    for (int club = 0; club <= 13; club++) c->grid_value[at][club] = (unsigned char)largest[club];
}

static int largest_move(const Checker *c, const signed char *cells, int club) {
    int largest[14];
    largest_moves(c, cells, largest);
    return largest[club];
}

/* ---------------------------------------------------------------------------
 * Bounds
 * ------------------------------------------------------------------------- */

/* A multiset of cards: how many of each value (0: Jokers), and in all. */
typedef struct { int count[15]; int cards; } Bag;

static void bag_add_card(Bag *b, const Checker *c, int card) {
    b->count[c->value[card]]++;
    b->cards++;
}

static void bag_add_range(Bag *b, const Checker *c, int from, int to) {
    if (to <= from) return;
    for (int v = 0; v < 14; v++) b->count[v] += c->prefix_value[to][v] - c->prefix_value[from][v];
    b->cards += to - from;
}

static Bag in_play_bag(const Checker *c, const Node *n) {
    Bag b;
    memset(&b, 0, sizeof b);
    for (int s = 0; s < SLOTS; s++)
        if (n->cells[s] >= 0) bag_add_card(&b, c, n->cells[s]);
    bag_add_range(&b, c, n->dealt, c->total);
    return b;
}

/* Per club 1..13, the most one action can clear on any grid of the bag's
 * cards, the actions in `blocked` left out (capacity.py's arguments per
 * action: Match, Sum by a knapsack, Any 1, Line 3, Up/Down one side, Run
 * the chain through the club), at most 9 and at most the cards. */
static void capacities_of(const Checker *c, const Bag *b, int blocked, int *caps) {
    int jokers = b->count[0];
    int most[14];  /* most valued cards adding up to each total */
    sums_of(b->count, most);
    for (int club = 1; club <= 13; club++) {
        int best = b->cards ? 1 : 0;
        best = imax(best, b->count[club] + (c->jokers_match ? jokers : 0));
        if (most[club] > 0) best = imax(best, most[club] + (c->sum_jokers_zero ? jokers : 0));
        if (!(blocked & BLOCK_LINE) && (b->count[club] || (c->line_joker_target && jokers)))
            best = imax(best, 3);
        if (!(blocked & BLOCK_UPDOWN)) {
            int side = 0;
            if (club >= 2 && club <= 7) {
                for (int v = 1; v < club; v++) side += b->count[v];
                best = imax(best, side);
            }
            side = 0;
            if (club >= 7 && club <= 12) {
                for (int v = club + 1; v <= 13; v++) side += b->count[v];
                best = imax(best, side);
            }
        }
        if (!(blocked & BLOCK_RUN)) {
            int low = club, high = club;
            while (low > 1 && b->count[low - 1]) low--;
            while (high < 13 && b->count[high + 1]) high++;
            if (high - low + 1 >= c->run_min_cards) best = imax(best, high - low);
        }
        caps[club] = imin(imin(best, 9), b->cards);
    }
}

/* capacities_of, remembered: bags with at most 7 cards of a value are keyed
 * by 3 bits per value and the blocked actions. */
static void capacities(const Checker *c, const Bag *b, int blocked, int *caps) {
    u64 key = (u64)blocked;
    for (int v = 0; v < 14; v++) {
        if (b->count[v] > 7 || !c->caps_key) { capacities_of(c, b, blocked, caps); return; }
        key |= (u64)b->count[v] << (3 + 3 * v);
    }
    key |= 1ull << 63;
    size_t at = hash_of(key, 0) & (CAPS_CACHE - 1);
    if (c->caps_key[at] == key) {
        for (int club = 1; club <= 13; club++) caps[club] = c->caps_value[at][club];
        return;
    }
    capacities_of(c, b, blocked, caps);
    c->caps_key[at] = key;
    for (int club = 1; club <= 13; club++) c->caps_value[at][club] = (unsigned char)caps[club];
}

/* The least the clubs lose to the Jokers in play (only Any and Line take a
 * Joker under the rulebook's Match and Sum, CF 4.7). */
static int joker_duty(const Checker *c, const Bag *in_play, const int *clubs, int n_clubs,
                      const int *caps) {
    if (c->jokers_match || c->sum_jokers_zero) return 0;
    int jokers = in_play->count[0];
    if (!jokers) return 0;
    if (!n_clubs) return NO_LIMIT;
    int first = NO_LIMIT, second = NO_LIMIT, by_line = NO_LIMIT;
    for (int i = 0; i < n_clubs; i++) {
        int club = clubs[i];
        int can_line = in_play->count[club] || (c->line_joker_target && jokers);
        int loss = imax(0, caps[club] - imin(caps[club], can_line ? 3 : 1));
        if (loss < first) { second = first; first = loss; }
        else if (loss < second) second = loss;
        if (can_line && loss < by_line) by_line = loss;
    }
    if (jokers == 1) return first;
    int best = n_clubs >= 2 ? first + second : NO_LIMIT;
    return imin(best, by_line);
}

/* Could one action of `club` clear every card from deck position `first` on
 * (all on the grid by then) and `need` cards in all?  (The Python
 * checker's could_finish, over-approximated per action.) */
static int could_finish(const Checker *c, const Bag *in_play, const int *caps, int club,
                        int first, int need) {
    int tail = imax(0, c->total - first);
    need = imax(need, tail);
    if (need > 9) return 0;
    if (need <= 1) return 1;
    int values[SLOTS + 1], n_values = 0, jokers_in_tail = 0, suits[4] = {0, 0, 0, 0};
    for (int i = first; i < c->total; i++) {
        if (c->value[i]) values[n_values++] = c->value[i]; else jokers_in_tail++;
        suits[c->suit[i]]++;
    }
    const int *count = in_play->count;
    int jokers = count[0];
    if (need <= 3 && suits[SUIT_D] < 3 && (count[club] || (c->line_joker_target && jokers)))
        return 1;  /* Line */
    int all_club = 1, sum = 0, all_lower = 1, all_higher = 1, low = club, high = club;
    int distinct = 1, has_club = 0;
    for (int i = 0; i < n_values; i++) {
        all_club &= values[i] == club;
        all_lower &= values[i] < club;
        all_higher &= values[i] > club;
        sum += values[i];
        low = imin(low, values[i]);
        high = imax(high, values[i]);
        has_club |= values[i] == club;
        for (int j = 0; j < i; j++) distinct &= values[j] != values[i];
    }
    if ((!jokers_in_tail || c->jokers_match) && all_club
            && need <= count[club] + (c->jokers_match ? jokers : 0))
        return 1;  /* Match */
    if ((!jokers_in_tail || c->sum_jokers_zero) && sum <= club && need <= caps[club])
        return 1;  /* Sum */
    if (jokers_in_tail) return 0;  /* Up/Down and Run never take a Joker */
    if (suits[SUIT_S] < 3) {
        int side = 0;
        for (int v = 1; v < club; v++) side += count[v];
        if (club >= 2 && club <= 7 && all_lower && need <= side) return 1;
        side = 0;
        for (int v = club + 1; v <= 13; v++) side += count[v];
        if (club >= 7 && club <= 12 && all_higher && need <= side) return 1;
    }
    if (suits[SUIT_H] < 3 && distinct && !has_club) {
        int chained = 1;
        for (int v = low; v <= high; v++)
            if (v != club && !count[v]) chained = 0;
        if (chained) {
            while (low > 1 && count[low - 1]) low--;
            while (high < 13 && count[high + 1]) high++;
            if (need <= high - low && high - low + 1 >= c->run_min_cards) return 1;
        }
    }
    return 0;
}

/* The window bound (the Python checker's window): clubs played in an order
 * the club deck allows; the one acting after `A` more cards are cleared sees
 * the grid now and the next `A` deck cards, less `A` cleared, blocked by a
 * suit that still has 3 cards there, and clears at most their capacity; the
 * first clears at most its largest move now.  -1 when no club can be last. */
static int window_bound(const Checker *c, const Node *n, const Bag *in_play, const int *caps,
                        const int *clubs, const int *index, int k, const int *largest) {
    int turn = popcount((unsigned)n->played);
    int left = in_play->cards;
    int start[13];
    for (int i = 0; i < k; i++) start[i] = imax(0, index[i] - c->hand_size + 1 - turn);
    Bag grid;
    memset(&grid, 0, sizeof grid);
    int grid_suits[4] = {0, 0, 0, 0};
    for (int s = 0; s < SLOTS; s++)
        if (n->cells[s] >= 0) {
            bag_add_card(&grid, c, n->cells[s]);
            grid_suits[c->suit[n->cells[s]]]++;
        }
    int reach[1 << 13];
    int sets = 1 << k;
    for (int u = 0; u < sets; u++) reach[u] = -1;
    reach[0] = 0;
    int caps_at[MAX_CARDS + 1][14];
    char have_caps[MAX_CARDS + 1];
    memset(have_caps, 0, sizeof have_caps);
    int best = 0;
    /* A set's subsets are smaller numbers: one pass in numeric order finishes
     * each set before it is extended. */
    for (int used = 0; used < sets - 1; used++) {
        if (reach[used] < 0) continue;
        int size = popcount((unsigned)used);
        int cleared = reach[used];
        if (used && !have_caps[cleared]) {
            int position = imin(c->total, n->dealt + cleared);
            Bag window = grid;
            bag_add_range(&window, c, n->dealt, position);
            int blocked = 0;
            int suit_block[4] = {0, BLOCK_LINE, BLOCK_RUN, BLOCK_UPDOWN};
            for (int suit = SUIT_D; suit <= SUIT_S; suit++) {
                int there = grid_suits[suit] + c->prefix_suit[position][suit]
                            - c->prefix_suit[n->dealt][suit] - cleared;
                if (there >= 3) blocked |= suit_block[suit];
            }
            capacities(c, &window, blocked, caps_at[cleared]);
            have_caps[cleared] = 1;
        }
        for (int i = 0; i < k; i++) {
            if (used >> i & 1 || start[i] > size) continue;
            int gain = used ? caps_at[cleared][clubs[i]] : largest[clubs[i]];
            int value = imin(left, cleared + gain);
            int key = used | 1 << i;
            if (value > reach[key]) reach[key] = value;
            if (value > best) best = value;
        }
    }
    if (best < left || k < 2) return best;
    /* The last club's duty: some club z acts last and clears all that is
     * left; every deck card from dealt + u1 on is dealt after the club before
     * it acted (u1: the most up to k - 2 others clear), and z clears at least
     * left - u2 (u2: the most up to k - 1 others clear). */
    for (int i = 0; i < k; i++) {
        int u1 = 0, u2 = 0;
        for (int used = 0; used < sets; used++) {
            if (reach[used] < 0 || used >> i & 1) continue;
            u2 = imax(u2, reach[used]);
            if (popcount((unsigned)used) <= k - 2) u1 = imax(u1, reach[used]);
        }
        if (could_finish(c, in_play, caps, clubs[i], n->dealt + u1, left - u2)) return best;
    }
    return -1;
}

/* ---------------------------------------------------------------------------
 * The ladder (losscheck_ladder.py: _ladder_limit, _ladder_needs, ladder_refutes)
 * ------------------------------------------------------------------------- */

#define LADDER_NONE 255

static int dealt_after(const Checker *c, int start_dealt, int cleared) {
    return imin(c->total, start_dealt + cleared);
}

/* The most `club` clears when only cards numbered below window_end can be on
 * the grid, those numbered fresh_first .. window_end - 1 are all on it, and
 * it holds grid_size cards. */
static int ladder_limit(const Checker *c, int club, int window_end, int fresh_first,
                        int grid_size) {
    int window[14], fresh[14], suits[4];
    for (int v = 0; v < 14; v++) {
        window[v] = c->prefix_value[window_end][v];
        fresh[v] = window[v] - c->prefix_value[fresh_first][v];
    }
    for (int t = 0; t < 4; t++)
        suits[t] = c->prefix_suit[window_end][t] - c->prefix_suit[fresh_first][t];
    int fresh_cards = window_end - fresh_first;
    int blocked = (suits[SUIT_D] >= 3 ? BLOCK_LINE : 0) | (suits[SUIT_H] >= 3 ? BLOCK_RUN : 0)
                  | (suits[SUIT_S] >= 3 ? BLOCK_UPDOWN : 0);
#define TERM(most, taken) imin((most), grid_size - (fresh_cards - (taken)))
    int best = 1;  /* Any */
    best = imax(best, TERM(window[club] + (c->jokers_match ? window[0] : 0),
                           fresh[club] + (c->jokers_match ? fresh[0] : 0)));
    int most[14];
    sums_of(window, most);
    if (most[club] > 0) {
        int budget = club, taken = 0;
        for (int v = 1; v <= club; v++) {
            int fit = imin(fresh[v], budget / v);
            taken += fit;
            budget -= fit * v;
            if (fit < fresh[v]) break;
        }
        best = imax(best, TERM(most[club] + (c->sum_jokers_zero ? window[0] : 0),
                               taken + (c->sum_jokers_zero ? fresh[0] : 0)));
    }
    if (!(blocked & BLOCK_LINE) && (window[club] || (c->line_joker_target && window[0])))
        best = imax(best, imin(3, grid_size));
    if (!(blocked & BLOCK_UPDOWN)) {
        if (club >= 2 && club <= 7) {
            int in_window = 0, in_fresh = 0;
            for (int v = 1; v < club; v++) { in_window += window[v]; in_fresh += fresh[v]; }
            best = imax(best, TERM(in_window, in_fresh));
        }
        if (club >= 7 && club <= 12) {
            int in_window = 0, in_fresh = 0;
            for (int v = club + 1; v <= 13; v++) { in_window += window[v]; in_fresh += fresh[v]; }
            best = imax(best, TERM(in_window, in_fresh));
        }
    }
    if (!(blocked & BLOCK_RUN)) {
        int low = club, high = club;
        while (low > 1 && window[low - 1]) low--;
        while (high < 13 && window[high + 1]) high++;
        /* values a..b but the club's, each on the grid: those no fresh card
         * has take one of the grid's other cards each */
        int others = grid_size - fresh_cards;
        for (int a = low; a <= club; a++) {
            int wanting = 0;
            for (int v = a; v < club; v++) wanting += !fresh[v];
            for (int b = club; b <= high; b++) {
                if (b != club) wanting += !fresh[b];
                if (wanting > others) break;
                if (b - a + 1 >= c->run_min_cards) best = imax(best, b - a);
            }
        }
    }
#undef TERM
    return imin(best, grid_size);
}

/* The limit of `club` acting once `now` are gone (the club before once
 * `before` were) when its clear takes `taken` Jokers (losscheck_ladder.py taking):
 * Any, one card, or a Line through them, at most 3, aimed at a card of the
 * club's rank dealt by then (or at a Joker where the rules allow), unless 3
 * Diamonds dealt since the club before acted block Lines. */
static int ladder_taking(const Checker *c, const unsigned char *limit, int width, int start,
                         int club, int now, int before, int taken) {
    int most = limit[(club * width + now) * width + before];
    if (!taken) return most;
    int end = dealt_after(c, start, now), first = dealt_after(c, start, before);
    int line = (c->prefix_value[end][club] > 0 || c->line_joker_target)
               /* 3 Diamonds dealt since the club before acted block Lines (CF 3.2) */
               && c->prefix_suit[end][SUIT_D] - c->prefix_suit[first][SUIT_D] < 3;
    if (taken == 1) return imin(most, line ? 3 : 1);
    return line ? imin(most, 3) : -1;
}

/* losscheck_ladder.py _last_takes_all: 1 when `club`, the last to act once `now`
 * cards are gone, can take all that is left in one action, every card dealt
 * since `before` (the club before acted then) and at least `k` of those dealt
 * between `earlier` and `before` (the one before that acted at `earlier`):
 * `k` is their number less the `now - before` cards the club before cleared. */
static int last_takes_all(const Checker *c, int start, int club, int earlier, int before,
                          int now) {
    int left = c->total - now;
    if (left <= 3) return left >= 1 || !c->must_clear;
    int new_from = dealt_after(c, start, before), old_from = dealt_after(c, start, earlier);
    int k = imax(0, (new_from - old_from) - (now - before));
    if (c->total - new_from + k > left) return 0;
    /* per action (0 Match, 1 Sum, 2 lower, 3 higher): every new card taken? */
    int all_new[4] = {1, 1, 2 <= club && club <= 7, 7 <= club && club <= 12};
    int new_sum = 0, values_seen = 0, distinct = 1, low = club, high = club;
    for (int i = new_from; i < c->total; i++) {
        int v = c->value[i];
        int takes[4] = {v == club || (v == 0 && c->jokers_match),
                        v == 0 ? c->sum_jokers_zero : v <= club,
                        v > 0 && v < club, v > club};
        for (int a = 0; a < 4; a++) all_new[a] &= takes[a];
        new_sum += v;
        if (v == 0 || v == club || (values_seen >> v & 1)) distinct = 0;
        values_seen |= 1 << v;
        low = imin(low, v);
        high = imax(high, v);
    }
    int count[4] = {0, 0, 0, 0}, by_value[14] = {0}, other_values = 0;
    for (int i = old_from; i < new_from; i++) {
        int v = c->value[i];
        count[0] += v == club || (v == 0 && c->jokers_match);
        if (v == 0 ? c->sum_jokers_zero : v <= club) { count[1]++; by_value[v]++; }
        count[2] += v > 0 && v < club;
        count[3] += v > club;
        if (v != 0 && v != club && !(values_seen >> v & 1)) other_values |= 1 << v;
    }
    for (int a = 0; a < 4; a++) {
        if (!all_new[a] || count[a] < k) continue;
        if (a != 1) return 1;
        int sum = new_sum, still = k;  /* the k smallest that fit a Sum */
        for (int v = 0; v <= 13 && still; v++) {
            int n = imin(by_value[v], still);
            sum += n * v;
            still -= n;
        }
        if (sum <= club) return 1;
    }
    return c->run_min_cards <= left + 1 && distinct && high - low <= left
           && popcount((unsigned)other_values) >= k;
}

/* FIRST with two clubs left (losscheck_ladder.py last_two_first): the least `before`
 * at which one of them clears `gain` once `now` are gone and finishes, or the
 * other then takes the rest (last_takes_all and its limit). */
static int last_two_first(const Checker *c, const unsigned char *limit, int width, int start,
                          const int *drawn_at, int mask, int size, int now, int gone,
                          int jokers_dealt, int least) {
    int pair[2], n = 0, total = c->total, duty = c->duty;
    for (int i = 0; i < c->clubs && n < 2; i++)
        if (!(mask >> c->order[i] & 1)) pair[n++] = c->order[i];
    int best = LADDER_NONE;
    for (int o = 0; o < 2; o++) {
        int second = pair[o], last = pair[1 - o];
        if (drawn_at[second] > size || drawn_at[last] > size + 1) continue;
        for (int taken = 0; taken <= imin(duty - gone, jokers_dealt - gone); taken++)
            for (int gain = imax(least, taken); gain <= imin(9, total - now); gain++) {
                int after = now + gain, rest = total - after, final_taken = duty - gone - taken;
                if (after == total) {
                    if (gone + taken != duty) continue;
                } else if (rest > 9 || rest < imax(least, final_taken)
                           || ladder_taking(c, limit, width, start, last, after, now,
                                            final_taken) < rest) {
                    continue;
                }
                for (int before = 0; before <= now && before < best; before++)
                    if (ladder_taking(c, limit, width, start, second, now, before, taken) >= gain
                        && (after == total
                            || last_takes_all(c, start, last, before, now, after))) {
                        best = before;
                        break;
                    }
            }
    }
    return best;
}

/* Builds c->ladder (left NULL when the start's grid has holes and cards to
 * deal).  Returns 0, or -1 out of memory. */
static int ladder_build(Checker *c, const Node *root) {
    int filled = 0;
    for (int s = 0; s < SLOTS; s++) filled += root->cells[s] >= 0;
    int total = c->total, width = total + 1, start = root->dealt;
    if (filled != SLOTS && start != total) return 0;
    int clubs[13], drawn_at[14], k = 0;
    for (int i = 0; i < c->clubs; i++) {
        clubs[k++] = c->order[i];
        drawn_at[c->order[i]] = imax(0, i - c->hand_size + 1);
    }
    int duty = c->duty, jj = duty + 1;
    size_t rows = (size_t)16384 * width;
    unsigned char *limit = malloc((size_t)14 * width * width);
    unsigned char *first = malloc(rows * jj);
    unsigned char *need = malloc(rows * jj * jj);
    int *playable = malloc(sizeof(int) * (1 << k));
    if (!limit || !first || !need || !playable) {
        free(limit); free(first); free(need); free(playable);
        return -1;
    }
    for (int now = 0; now < total; now++)
        for (int before = 0; before <= now; before++)
            for (int i = 0; i < k; i++)
                limit[(clubs[i] * width + now) * width + before] = (unsigned char)ladder_limit(
                    c, clubs[i], dealt_after(c, start, now), dealt_after(c, start, before),
                    imin(9, total - now));
    /* Sets of clubs some order plays each once drawn, biggest first. */
    int n_playable = 0;
    for (int size = k; size >= 0; size--)
        for (int chosen = 0; chosen < 1 << k; chosen++) {
            if (popcount((unsigned)chosen) != size) continue;
            int turns[13], n = 0, ok = 1, mask = 0;
            for (int i = 0; i < k; i++)
                if (chosen >> i & 1) { turns[n++] = drawn_at[clubs[i]]; mask |= 1 << clubs[i]; }
            /* sorted, the j-th smallest turn a club is drawn at must be at most j */
            for (int a = 1; a < n; a++) {
                int x = turns[a], b = a - 1;
                while (b >= 0 && turns[b] > x) { turns[b + 1] = turns[b]; b--; }
                turns[b + 1] = x;
            }
            for (int j = 0; j < n; j++) if (turns[j] > j) { ok = 0; break; }
            if (ok) playable[n_playable++] = mask;
        }
    memset(first, LADDER_NONE, rows * jj);
    memset(need, LADDER_NONE, rows * jj * jj);
    int least = c->must_clear ? 1 : 0;
#define FIRST(mask, now, gone) first[((size_t)(mask) * width + (now)) * jj + (gone)]
#define NEED(mask, now, gone, taken) \
    need[(((size_t)(mask) * width + (now)) * jj + (gone)) * jj + (taken)]
    for (int now = total - 1; now >= 0; now--) {
        int jokers_dealt = c->prefix_value[dealt_after(c, start, now)][0];
        for (int e = 0; e < n_playable; e++) {
            int mask = playable[e], size = popcount((unsigned)mask);
            int two_left = size == k - 2;  /* (never with fewer than 2 clubs) */
            for (int gone = 0; gone <= duty; gone++) {
                if (two_left) {
                    FIRST(mask, now, gone) = (unsigned char)last_two_first(
                        c, limit, width, start, drawn_at, mask, size, now, gone, jokers_dealt,
                        least);
                    continue;
                }
                int best = LADDER_NONE;
                for (int i = 0; i < k; i++) {
                    int club = clubs[i];
                    if (mask >> club & 1 || drawn_at[club] > size) continue;
                    for (int taken = 0; taken <= imin(duty - gone, jokers_dealt - gone);
                         taken++) {
                        int wanted = NEED(mask | 1 << club, now, gone, taken);
                        if (wanted == LADDER_NONE) continue;
                        for (int before = 0; before <= now && before < best; before++)
                            if (ladder_taking(c, limit, width, start, club, now, before,
                                              taken) >= wanted) {
                                best = before;
                                break;
                            }
                    }
                }
                FIRST(mask, now, gone) = (unsigned char)best;
            }
            for (int gone = 0; gone <= duty; gone++)
                for (int taken = 0; taken <= duty - gone; taken++)
                    for (int gain = imax(least, taken); gain <= imin(9, total - now); gain++) {
                        if (now + gain == total) {
                            if (gone + taken == duty) {
                                NEED(mask, now, gone, taken) = (unsigned char)gain;
                                break;
                            }
                            continue;
                        }
                        int later = FIRST(mask, now + gain, gone + taken);
                        if (later != LADDER_NONE && later <= now) {
                            NEED(mask, now, gone, taken) = (unsigned char)gain;
                            break;
                        }
                    }
        }
    }
#undef FIRST
#undef NEED
    free(limit); free(first); free(playable);
    c->ladder = need;
    return 0;
}

/* How many of the duty's Jokers are no longer in play (losscheck_ladder.py jokers_gone). */
static int jokers_gone(const Checker *c, const Node *n) {
    if (!c->duty) return 0;
    int in_play = c->prefix_value[c->total][0] - c->prefix_value[n->dealt][0];
    for (int s = 0; s < SLOTS; s++)
        if (n->cells[s] >= 0 && !c->value[n->cells[s]]) in_play++;
    return c->duty - in_play;
}

/* The slots holding the duty's Jokers (none without a duty): a move takes
 * as many Jokers as it clears of them. */
static int joker_slots(const Checker *c, const signed char *cells) {
    int mask = 0;
    if (c->duty)
        for (int s = 0; s < SLOTS; s++)
            if (cells[s] >= 0 && !c->value[cells[s]]) mask |= 1 << s;
    return mask;
}

/* Are Lines open on this grid (fewer than 3 Diamonds, CF 3.2)? */
static int lines_open(const Checker *c, const signed char *cells) {
    int diamonds = 0;
    for (int s = 0; s < SLOTS; s++)
        if (cells[s] >= 0 && c->value[cells[s]] && c->suit[cells[s]] == SUIT_D) diamonds++;
    return diamonds < 3;
}

/* At least the largest move of `club` taking `taken` >= 1 Jokers, -1 when
 * none can (losscheck_ladder.py largest_taking): Any takes one card, a Line the
 * cards of a row or column holding that many Jokers and aimed at a card of
 * the club's rank (or at a Joker, where the rules allow), if `open` says
 * Lines are not blocked. */
static int largest_taking(const Checker *c, const signed char *cells, int open, int club,
                          int taken) {
    int best = taken == 1 ? 1 : -1;
    if (!open) return best;
    for (int l = 0; l < 6; l++) {
        int held = 0, jokers = 0, aimed = c->line_joker_target;
        for (int j = 0; j < 3; j++) {
            int cell = cells[LINE_SLOTS[l][j]];
            if (cell < 0) continue;
            held++;
            if (!c->value[cell]) jokers++;
            else if (c->value[cell] == club) aimed = 1;
        }
        if (jokers >= taken && aimed) best = imax(best, held);
    }
    return best;
}

/* 1 when no club in hand has a move as big as the ladder needs (lost). */
static int ladder_refutes(const Checker *c, const Node *n, const int *hand, int h,
                          const int *largest) {
    if (!c->ladder) return 0;
    int now = c->total - cards_left(c, n), width = c->total + 1, jj = c->duty + 1;
    int gone = jokers_gone(c, n), on_grid = popcount((unsigned)joker_slots(c, n->cells));
    int most_taken = imin(on_grid, c->duty - gone);
    int open = most_taken ? lines_open(c, n->cells) : 0;
    for (int i = 0; i < h; i++) {
        size_t row = ((size_t)(n->played | 1 << hand[i]) * width + now) * jj + gone;
        for (int taken = 0; taken <= most_taken; taken++) {
            int wanted = c->ladder[row * jj + taken];
            if (wanted == LADDER_NONE) continue;
            int size = taken ? largest_taking(c, n->cells, open, hand[i], taken)
                             : largest[hand[i]];
            if (size >= wanted) return 0;
        }
    }
    return 1;
}

/* The least a move of `club` must clear, `now` cards gone since the start
 * (`gone` Jokers among them), the move taking `taken` Jokers, for its child to
 * be worth a look (losscheck_ladder.py least_clear): the ladder's need, 0 without a
 * ladder, 10 where no clear will do. */
static int least_clear(const Checker *c, int played, int club, int now, int gone, int taken) {
    if (!c->ladder) return 0;
    int jj = c->duty + 1;
    int wanted = c->ladder[((((size_t)(played | 1 << club)) * (c->total + 1) + now) * jj + gone)
                           * jj + taken];
    return wanted == LADDER_NONE ? 10 : wanted;
}

/* least_clear of `club` for each number of Jokers a move may take (0 .. 2). */
static void least_clears(const Checker *c, int played, int club, int now, int gone, int *out) {
    for (int taken = 0; taken < 3; taken++)
        out[taken] = taken <= c->duty - gone ? least_clear(c, played, club, now, gone, taken) : 10;
}

/* bound(node) < left, computed lazily.  The ladder goes first: it needs
 * only the grid's largest moves, and it is what cuts most children. */
static int cut(Checker *c, const Node *n, int left) {
    int hand[13];
    int h = hand_of(c, n->played, hand);
    int largest[14];
    largest_moves(c, n->cells, largest);
    if (ladder_refutes(c, n, hand, h, largest)) return 1;
    Bag in_play = in_play_bag(c, n);
    int clubs[13], index[13];
    int k = remaining_of(c, n->played, clubs, index);
    int caps[14];
    capacities(c, &in_play, 0, caps);
    int duty = joker_duty(c, &in_play, clubs, k, caps);
    int total = 0;
    for (int i = 0; i < k; i++) total += caps[clubs[i]];
    int best = total - duty;
    if (best < left) return 1;
    int jokers_on_grid = 0;
    for (int s = 0; s < SLOTS; s++)
        if (n->cells[s] >= 0 && !c->value[n->cells[s]]) jokers_on_grid = 1;
    int next_club = 0, first = 1;
    for (int i = 0; i < h; i++) {
        int club = hand[i];
        int value = total - caps[club] + largest[club];
        if (!jokers_on_grid) {
            /* the next club then takes no Joker: the duty falls on the others */
            int others[13], m = 0;
            for (int j = 0; j < k; j++)
                if (clubs[j] != club) others[m++] = clubs[j];
            value -= joker_duty(c, &in_play, others, m, caps);
        }
        if (first || value > next_club) next_club = value;
        first = 0;
    }
    best = imin(best, next_club);
    if (best < left) return 1;
    if (k <= c->window_clubs)
        best = imin(best, window_bound(c, n, &in_play, caps, clubs, index, k, largest));
    return best < left;
}

/* ---------------------------------------------------------------------------
 * The check
 * ------------------------------------------------------------------------- */

/* 1 lost, 0 won, -1 stopped (c->status says why).  Exhaustive, the bound
 * at every node, decided states remembered, a node budget. */
static int lost_by_search(Checker *c, const Node *n) {
    int known = table_get(&c->decided, n);
    if (known >= 0) return !known;
    c->search_nodes++;
    if (c->search_nodes > c->search_budget) { c->status = OUT_UNSETTLED; return -1; }
    if ((c->search_nodes & 1023) == 0 && clc_interrupted) {
        c->status = OUT_INTERRUPTED;
        return -1;
    }
    int won = 0;
    int hand[13];
    int h = hand_of(c, n->played, hand);
    Moves moves;
    int left_now = cards_left(c, n), gone = jokers_gone(c, n), jokers = joker_slots(c, n->cells);
    for (int i = 0; i < h && !won; i++) {
        int least[3];
        least_clears(c, n->played, hand[i], c->total - left_now, gone, least);
        int last = popcount((unsigned)(n->played | 1 << hand[i])) == c->clubs;
        generate(c, n->cells, hand[i], &moves);
        for (int j = 0; j < moves.n; j++) {
            int size = popcount((unsigned)moves.mask[j]);
            if (size == left_now) { won = 1; break; }
            if (last || size < least[popcount((unsigned)(moves.mask[j] & jokers))]) continue;
            Node child = after_move(c, n, moves.mask[j], hand[i]);
            int left = left_now - size;
            if (cut(c, &child, left)) continue;
            int lost = lost_by_search(c, &child);
            if (lost < 0) return -1;
            if (!lost) { won = 1; break; }
        }
    }
    if (table_put(&c->decided, n, won) < 0) { c->status = OUT_NO_MEMORY; return -1; }
    return !won;
}

static void unpack_node(Node *n, u64 key, int played) {
    for (int s = 0; s < SLOTS; s++) {
        int cell = (int)(key >> (6 * s) & 63);
        n->cells[s] = (signed char)(cell == 63 ? -1 : cell);
    }
    n->dealt = (int)(key >> 54 & 63);
    n->played = played;
}

/* Expand every listed state reached from the root.  Returns OUT_*. */
static int walk(Checker *c, Table *listed, const Node *root, int *detail) {
    Table seen;
    size_t cap = 1024, top = 0;
    Node *stack = malloc(cap * sizeof(Node));
    if (!stack || !table_init(&seen, 1024)) {
        free(stack);
        table_free(&seen);
        return OUT_NO_MEMORY;
    }
    int out = OUT_OK;
    table_put(&seen, root, 0);
    stack[top++] = *root;
    Moves moves;
    while (top && out == OUT_OK) {
        Node n = stack[--top];
        c->visited++;
        if ((c->visited & 1023) == 0 && clc_interrupted) { out = OUT_INTERRUPTED; break; }
        int hand[13];
        int h = hand_of(c, n.played, hand);
        int left_now = cards_left(c, &n), gone = jokers_gone(c, &n);
        int jokers = joker_slots(c, n.cells);
        for (int i = 0; i < h && out == OUT_OK; i++) {
            int least[3];
            least_clears(c, n.played, hand[i], c->total - left_now, gone, least);
            int last = popcount((unsigned)(n.played | 1 << hand[i])) == c->clubs;
            generate(c, n.cells, hand[i], &moves);
            for (int j = 0; j < moves.n; j++) {
                c->children++;
                int size = popcount((unsigned)moves.mask[j]);
                if (size == left_now) {  /* grid and deck empty after it */
                    detail[0] = WHY_LISTED_CHILD_WINS;
                    detail[1] = hand[i];
                    detail[2] = moves.mask[j];
                    out = OUT_REFUTED;
                    break;
                }
                if (last) continue;  /* CF 5.2 */
                if (size < least[popcount((unsigned)(moves.mask[j] & jokers))]) {
                    c->bound_cuts++;  /* the ladder, childless */
                    continue;
                }
                Node child = after_move(c, &n, moves.mask[j], hand[i]);
                int left = left_now - size;
                if (cut(c, &child, left)) {
                    c->bound_cuts++;
                } else if (table_get(listed, &child) >= 0) {
                    c->listed++;
                    int added = table_put(&seen, &child, 0);
                    if (added < 0) { out = OUT_NO_MEMORY; break; }
                    if (added) {
                        if (top == cap) {
                            Node *bigger = realloc(stack, 2 * cap * sizeof(Node));
                            if (!bigger) { out = OUT_NO_MEMORY; break; }
                            stack = bigger;
                            cap *= 2;
                        }
                        stack[top++] = child;
                    }
                } else {
                    int lost = lost_by_search(c, &child);
                    if (lost < 0) { out = c->status; break; }
                    if (lost) {
                        c->searched++;
                    } else {
                        detail[0] = WHY_LISTED_CHILD_SEARCH_WINS;
                        detail[1] = hand[i];
                        detail[2] = moves.mask[j];
                        out = OUT_REFUTED;
                        break;
                    }
                }
            }
        }
    }
    free(stack);
    table_free(&seen);
    return out;
}

static int check(Checker *c, const u64 *listed_keys, const int *listed_played, i64 n_listed,
                 const Node *root, int exhaustive, int *detail) {
    Table listed;
    if (!table_init(&listed, (size_t)n_listed) || !table_init(&c->decided, 1024)) {
        table_free(&listed);
        return OUT_NO_MEMORY;
    }
    for (i64 i = 0; i < n_listed; i++) {
        Node n;
        unpack_node(&n, listed_keys[i], listed_played[i]);
        if (table_put(&listed, &n, 0) < 0) { table_free(&listed); return OUT_NO_MEMORY; }
    }
    int out = OUT_OK;
    int left = cards_left(c, root);
    if (!left) {
        detail[0] = WHY_START_WON;
        out = OUT_REFUTED;
    } else if (!c->clubs) {
        out = OUT_OK;  /* cards left and no club: lost (CF 5.2) */
    } else if (exhaustive || table_get(&listed, root) < 0) {
        if (cut(c, root, left)) {
            c->bound_cuts++;
        } else {
            int lost = lost_by_search(c, root);
            if (lost < 0) out = c->status;
            else if (!lost) { detail[0] = WHY_SEARCH_WINS_START; out = OUT_REFUTED; }
            else c->searched++;
        }
    } else {
        out = walk(c, &listed, root, detail);
    }
    table_free(&listed);
    return out;
}

/*
 * Check a loss certificate.
 *
 * values/suits: per card number (value 0 a Joker; suit 1 D, 2 H, 3 S, else
 * 0); total cards.  root_cells: 9 card numbers (-1 empty), root_dealt.
 * club_order: hand then club deck (n_clubs values), hand_size.  rules:
 * must_clear, jokers_match, match_any_subset, sum_jokers_zero,
 * updown_any_subset, line_joker_target, run_min_cards.  listed_keys /
 * listed_played: the certificate's states, cells packed 6 bits per slot
 * (63 empty) with dealt in bits 54-59, and the played clubs as bits.
 * Returns OUT_*; counts: visited, children, bound_cuts, listed, searched,
 * search_nodes; detail: what refuted it and the club and slot mask.
 */
int clc_check(const int *values, const int *suits, int total,
              const int *root_cells, int root_dealt,
              const int *club_order, int n_clubs, int hand_size, const int *rules,
              int window_clubs, i64 search_budget, int exhaustive,
              const u64 *listed_keys, const int *listed_played, i64 n_listed,
              i64 *counts, int *detail, int catch_interrupt) {
    if (total > MAX_CARDS - 1 || n_clubs > 13) return OUT_NO_MEMORY;
    if (window_clubs > 13) window_clubs = 13;  /* every club: the same bound */
    Checker *c = calloc(1, sizeof(Checker));
    if (!c) return OUT_NO_MEMORY;
    set_cards(c, values, suits, total);
    for (int i = 0; i < total; i++) {
        memcpy(c->prefix_value[i + 1], c->prefix_value[i], sizeof c->prefix_value[i]);
        memcpy(c->prefix_suit[i + 1], c->prefix_suit[i], sizeof c->prefix_suit[i]);
        c->prefix_value[i + 1][c->value[i]]++;
        c->prefix_suit[i + 1][c->suit[i]]++;
    }
    for (int i = 0; i < n_clubs; i++) c->order[i] = club_order[i];
    c->clubs = n_clubs;
    c->hand_size = hand_size;
    set_rules(c, rules);
    /* The Jokers' duty (losscheck.py): they leave only by Any or a Line. */
    c->duty = c->jokers_match || c->sum_jokers_zero || c->prefix_value[total][0] > 2
              ? 0 : c->prefix_value[total][0];  /* a deal has 1 or 2 Jokers */
    c->window_clubs = window_clubs;
    c->search_budget = search_budget;
    c->caps_key = calloc(CAPS_CACHE, sizeof(u64));
    c->caps_value = calloc(CAPS_CACHE, sizeof *c->caps_value);
    c->grid_key = calloc(GRID_CACHE, sizeof(u64));
    c->grid_value = calloc(GRID_CACHE, sizeof *c->grid_value);
    if (!c->caps_key || !c->caps_value || !c->grid_key || !c->grid_value) {
        free(c->caps_key);
        free(c->caps_value);
        free(c->grid_key);
        free(c->grid_value);
        free(c);
        return OUT_NO_MEMORY;
    }
    Node root;
    for (int s = 0; s < SLOTS; s++) root.cells[s] = (signed char)root_cells[s];
    root.dealt = root_dealt;
    root.played = 0;
    if (ladder_build(c, &root)) {
        free(c->caps_key);
        free(c->caps_value);
        free(c->grid_key);
        free(c->grid_value);
        free(c);
        return OUT_NO_MEMORY;
    }

    struct sigaction before;
    clc_interrupted = 0;
    int hooked = catch_interrupt && clc_take_sigint(&before);
    detail[0] = detail[1] = detail[2] = -1;
    int out = check(c, listed_keys, listed_played, n_listed, &root, exhaustive, detail);
    if (hooked) sigaction(SIGINT, &before, NULL);
    if (clc_interrupted) out = OUT_INTERRUPTED;
    clc_interrupted = 0;
    counts[0] = c->visited;
    counts[1] = c->children;
    counts[2] = c->bound_cuts;
    counts[3] = c->listed;
    counts[4] = c->searched;
    counts[5] = c->search_nodes;
    table_free(&c->decided);
    free(c->ladder);
    free(c->caps_key);
    free(c->caps_value);
    free(c->grid_key);
    free(c->grid_value);
    free(c);
    return out;
}

/*
 * For the tests: the moves of `club` on the grid `cells` (card numbers, -1
 * empty), each a slot mask, in the order the check follows them; returns
 * how many (at most 512 are written to out), and the largest move's size in
 * *largest.  values/suits/rules as for clc_check.
 */
int clc_moves(const int *values, const int *suits, int total, const int *cells, int club,
              const int *rules, int *out, int *largest) {
    if (total > MAX_CARDS - 1) return -1;
    Checker *c = calloc(1, sizeof(Checker));
    Moves *m = malloc(sizeof(Moves));
    if (!c || !m) { free(c); free(m); return -1; }
    set_cards(c, values, suits, total);
    set_rules(c, rules);
    signed char grid[SLOTS];
    for (int s = 0; s < SLOTS; s++) grid[s] = (signed char)cells[s];
    generate(c, grid, club, m);
    for (int i = 0; i < m->n; i++) out[i] = m->mask[i];
    *largest = largest_move(c, grid, club);
    int n = m->n;
    free(m);
    free(c);
    return n;
}
