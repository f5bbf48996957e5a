/* The compiled part of the independent Club Fight certificate verifier.
 *
 * It checks the listed states of a loss certificate (format version 1,
 * docs/clubfight-certificates.rst), exactly as check_loss in
 * analysis/clubfight_verify.py does, some hundred times faster.  It is written
 * from the Club Fight specification and the rules fields, like the Python
 * verifier, and shares no code, header or table with ringside's solver or its
 * loss checker.  The Python verifier reads the file (header, body, SHA-256),
 * checks the start, and asks this file only "which is the first wrong state
 * among listed states lo..hi-1?"; for that state it finds the reason itself.
 * Where a version 2 certificate leans on the ladder, the Python verifier builds
 * the ladder's table of needs (Game.ladder_needs says why it holds) and this
 * file applies it to each child as Game.cut does.
 *
 * A state: cells[9] (card numbers in deal order, -1 empty), the cards dealt,
 * the played clubs as bits of their values.  The hand is implied: the first
 * 4 + t clubs of the draw order, less the t played.
 */
#include <stdint.h>

enum { SUIT_D = 1, SUIT_H = 2, SUIT_S = 3 };
enum { MUST_CLEAR, JOKERS_MATCH, MATCH_ANY_SUBSET, SUM_JOKERS_ZERO, UPDOWN_ANY_SUBSET,
       LINE_JOKER_TARGET, RUN_MIN_CARDS };
#define NEVER (1 << 20)  /* a Joker duty no club can meet */
#define EMPTY 63
#define DEALT_SHIFT 54
static const int LINES[6][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}};

typedef struct {
    int values[64], suits[64], total;  /* per card number: value 0 (Joker) .. 13, suit */
    int order[13], clubs, position[14];  /* the clubs kept, in draw order */
    int rules[7], window_clubs;
    uint64_t by_value[15];  /* the cards of each value */
    const uint64_t *keys;
    const uint16_t *played;
    int64_t listed;
    const uint8_t *ladder;  /* NULL, or need[played * (total + 1) + cards gone] */
    int two_step;  /* the ladder two steps deep (with the ladder only) */
} Game;

typedef struct {  /* what one action of each club can clear from a set of cards */
    int caps[14], aims[14], most[14], count[15], jokers;
} Caps;

static int bitcount(uint64_t x) {  /* by hand: without -mpopcnt the builtin is a slow call */
    x -= x >> 1 & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    return (int)(((x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL) * 0x0101010101010101ULL >> 56);
}
static int max2(int a, int b) { return a > b ? a : b; }
static int min2(int a, int b) { return a < b ? a : b; }
static uint64_t deck_from(const Game *g, int dealt) {  /* cards numbered dealt .. total-1 */
    return dealt >= g->total ? 0 : ((1ULL << g->total) - 1) & ~((1ULL << dealt) - 1);
}

/* The longest stretch of values through club, every value but the club's present. */
static void stretch(const int *present, int club, int *low, int *high) {
    *low = 1;
    for (int v = club - 1; v >= 1; v--)
        if (!present[v]) { *low = v + 1; break; }
    *high = 13;
    for (int v = club + 1; v <= 13; v++)
        if (!present[v]) { *high = v - 1; break; }
}

/* -- the moves ---------------------------------------------------------------- */
typedef struct {
    int value[9], filled, jokers, valued, diamonds, hearts, spades;
    int sum[512];  /* the values of each set of valued slots */
} Grid;

static void read_grid(const Game *g, const int *cells, Grid *grid) {
    grid->filled = grid->jokers = grid->valued = 0;
    grid->diamonds = grid->hearts = grid->spades = 0;
    for (int s = 0; s < 9; s++) {
        if (cells[s] < 0) continue;
        int v = g->values[cells[s]], suit = g->suits[cells[s]];
        grid->value[s] = v;
        grid->filled |= 1 << s;
        if (!v) { grid->jokers |= 1 << s; continue; }
        grid->valued |= 1 << s;
        grid->diamonds += suit == SUIT_D;
        grid->hearts += suit == SUIT_H;
        grid->spades += suit == SUIT_S;
    }
    grid->sum[0] = 0;  /* submasks in increasing order: sub & (sub - 1) comes first */
    for (int sub = grid->valued & -grid->valued; sub; sub = (sub - grid->valued) & grid->valued)
        grid->sum[sub] = grid->sum[sub & (sub - 1)] + grid->value[__builtin_ctz(sub)];
}

typedef struct { int count, masks[512]; unsigned char seen[512]; } Moves;

static void add(Moves *m, int mask) {
    if (!m->seen[mask]) { m->seen[mask] = 1; m->masks[m->count++] = mask; }
}
static void add_subsets(Moves *m, int mask) {  /* every non-empty subset */
    for (int sub = mask; sub; sub = (sub - 1) & mask) add(m, sub);
}

/* One slot of each value in values[i..n-1], added to taken: a Run. */
static void add_runs(Moves *m, const Grid *grid, const int *values, int i, int n, int taken) {
    if (i == n) { add(m, taken); return; }
    for (int s = 0; s < 9; s++)
        if (grid->valued >> s & 1 && grid->value[s] == values[i])
            add_runs(m, grid, values, i + 1, n, taken | 1 << s);
}

/* Every distinct set of slots club may clear on the grid (Match, Sum, Any, Line, Up/Down, Run). */
static void moves(const Game *g, const Grid *grid, int club, Moves *m) {
    const int *r = g->rules;
    for (int i = 0; i < m->count; i++) m->seen[m->masks[i]] = 0;
    m->count = 0;
    int same = 0, lower = 0, higher = 0, present[15] = {0};
    for (int s = 0; s < 9; s++) {
        if (!(grid->valued >> s & 1)) continue;
        int v = grid->value[s];
        same |= (v == club) << s;
        lower |= (v < club) << s;
        higher |= (v > club) << s;
        present[v] = 1;
    }
    int targets = same | (r[JOKERS_MATCH] ? grid->jokers : 0);  /* Match */
    if (targets) {
        if (r[MATCH_ANY_SUBSET]) add_subsets(m, targets); else add(m, targets);
    } else if (!r[MUST_CLEAR]) {
        add(m, 0);
    }
    int zero = r[SUM_JOKERS_ZERO] ? grid->jokers : 0;  /* Sum: each z below runs over 0 too */
    for (int sub = grid->valued; sub; sub = (sub - 1) & grid->valued)
        if (grid->sum[sub] == club)
            for (int z = zero;; z = (z - 1) & zero) { add(m, sub | z); if (!z) break; }
    for (int s = 0; s < 9; s++)  /* Any */
        if (grid->filled >> s & 1) add(m, 1 << s);
    if (grid->diamonds < 3)  /* Line: a row or column holding a card of the club's rank */
        for (int l = 0; l < 6; l++) {
            int aimed = 0, mask = 0;
            for (int j = 0; j < 3; j++) {
                int s = LINES[l][j];
                if (!(grid->filled >> s & 1)) continue;
                mask |= 1 << s;
                aimed |= grid->value[s] == club || (r[LINE_JOKER_TARGET] && !grid->value[s]);
            }
            if (aimed) add(m, mask);
        }
    if (grid->spades < 3)  /* Up/Down: 2-7 lower, 7-Q higher */
        for (int side = 0; side < 2; side++) {
            if (side == 0 ? !(club >= 2 && club <= 7) : !(club >= 7 && club <= 12)) continue;
            int cards = side == 0 ? lower : higher;
            if (!cards && !r[MUST_CLEAR]) add(m, 0);
            else if (cards) {
                if (r[UPDOWN_ANY_SUBSET]) add_subsets(m, cards); else add(m, cards);
            }
        }
    if (grid->hearts < 3) {  /* Run: consecutive values with the club, one card each */
        int low_end, high_end, values[13];
        stretch(present, club, &low_end, &high_end);
        for (int low = low_end; low <= club; low++)
            for (int high = club; high <= high_end; high++) {
                if (high - low + 1 < r[RUN_MIN_CARDS]) continue;
                int n = 0;
                for (int v = low; v <= high; v++)
                    if (v != club) values[n++] = v;
                add_runs(m, grid, values, 0, n, 0);
            }
    }
}

/* -- the bound ---------------------------------------------------------------- */
/* For the cards of the set cards, on any grid of them (cells NULL) or on the grid
 * cells itself: per club the most one action can clear, whether a Line can be
 * aimed, the most valued cards adding up to each value, the count per value. */
static void capacities(const Game *g, uint64_t cards, const int *cells, Caps *c) {
    const int *r = g->rules;
    int n = bitcount(cards), line[15], blocked_line = 0, blocked_updown = 0, blocked_run = 0;
    for (int v = 0; v < 15; v++) {
        c->count[v] = bitcount(cards & g->by_value[v]);
        line[v] = 3;
    }
    c->jokers = c->count[0];
    c->count[0] = 0;
    if (cells) {
        int suit_count[4] = {0};
        for (int s = 0; s < 9; s++)
            if (cells[s] >= 0) suit_count[g->suits[cells[s]]]++;
        blocked_line = suit_count[SUIT_D] >= 3;
        blocked_updown = suit_count[SUIT_S] >= 3;
        blocked_run = suit_count[SUIT_H] >= 3;
        for (int v = 0; v < 15; v++) line[v] = 0;
        for (int l = 0; l < 6; l++) {
            int held[3], n_held = 0, joker = 0;
            for (int j = 0; j < 3; j++)
                if (cells[LINES[l][j]] >= 0) {
                    held[n_held] = g->values[cells[LINES[l][j]]];
                    joker |= !held[n_held++];
                }
            for (int v = 0; v < 15; v++) {
                int aimed = r[LINE_JOKER_TARGET] && joker;
                for (int j = 0; j < n_held; j++) aimed |= held[j] == v;
                if (aimed) line[v] = max2(line[v], n_held);
            }
        }
    }
    c->most[0] = 0;  /* a knapsack: the most valued cards adding up to t */
    for (int t = 1; t < 14; t++) c->most[t] = -1;
    for (int v = 1; v < 14; v++)
        for (int copies = min2(c->count[v], 13 / v); copies > 0; copies--)
            for (int t = 13; t >= v; t--)
                if (c->most[t - v] >= 0 && c->most[t - v] + 1 > c->most[t])
                    c->most[t] = c->most[t - v] + 1;
    int below[15] = {0};
    for (int v = 1; v < 15; v++) below[v] = below[v - 1] + c->count[v - 1];
    int matched = r[JOKERS_MATCH] ? c->jokers : 0, summed = r[SUM_JOKERS_ZERO] ? c->jokers : 0;
    c->caps[0] = c->aims[0] = 0;
    for (int club = 1; club < 14; club++) {
        c->aims[club] = c->count[club] > 0 || (r[LINE_JOKER_TARGET] && c->jokers > 0);
        int best = max2(n ? 1 : 0, c->count[club] + matched);
        best = max2(best, c->most[club] > 0 ? c->most[club] + summed : 0);
        best = max2(best, c->aims[club] && !blocked_line ? line[club] : 0);
        if (!blocked_updown) {
            best = max2(best, club >= 2 && club <= 7 ? below[club] : 0);
            best = max2(best, club >= 7 && club <= 12 ? below[14] - below[club + 1] : 0);
        }
        int low, high;
        stretch(c->count, club, &low, &high);
        if (high - low + 1 >= r[RUN_MIN_CARDS] && !blocked_run) best = max2(best, high - low);
        c->caps[club] = min2(min2(best, 9), n);
    }
}

/* capacities on any grid depend on the count per value alone (and the rules):
 * 2 bits a value, the Jokers too, make the key of a direct-mapped cache. */
#define CACHE_BITS 16
static struct { uint32_t tag; Caps caps; } cache[1 << CACHE_BITS];

static void capacities_of(const Game *g, uint64_t cards, Caps *c) {
    uint32_t key = 0;
    for (int v = 0; v < 14; v++) key |= (uint32_t)bitcount(cards & g->by_value[v]) << 2 * v;
    uint32_t slot = (key * 2654435761u) >> (32 - CACHE_BITS);
    if (cache[slot].tag != key + 1) {
        capacities(g, cards, 0, &cache[slot].caps);
        cache[slot].tag = key + 1;
    }
    *c = cache[slot].caps;
}

/* The least the clubs lose to Jokers in play (clubs[skip] left out): unless Jokers
 * match or join Sums, a Joker goes only by Any (1 card) or a Line (at most 3). */
static int duty(const Game *g, const int *clubs, int n, int skip, const Caps *c) {
    if (!c->jokers || g->rules[JOKERS_MATCH] || g->rules[SUM_JOKERS_ZERO]) return 0;
    int least = NEVER, second = NEVER, aimed = NEVER;
    for (int i = 0; i < n; i++) {
        if (i == skip) continue;
        int club = clubs[i], loss = c->caps[club] - min2(c->caps[club], c->aims[club] ? 3 : 1);
        if (loss < least) { second = least; least = loss; }
        else if (loss < second) second = loss;
        if (c->aims[club]) aimed = min2(aimed, loss);
    }
    if (c->jokers == 1 || least == NEVER) return least;
    return min2(second == NEVER ? NEVER : least + second, aimed);
}

/* Could one action of club clear a grid holding every deck card from first on and
 * at least need cards, from the cards in_play? */
static int could_finish(const Game *g, int club, int first, int need, uint64_t in_play) {
    const int *r = g->rules;
    first = min2(first, g->total);
    need = max2(need, g->total - first);
    if (need <= 1 || need > 9) return need <= 1;
    Caps c;
    capacities_of(g, in_play, &c);
    int jokers = 0, sum = 0, diamonds = 0, hearts = 0, spades = 0, all_same = 1, all_lower = 1,
        all_higher = 1, repeated = 0, has_club = 0, lowest = 14, highest = 0, seen = 0;
    for (int i = first; i < g->total; i++) {
        int v = g->values[i], suit = g->suits[i];
        if (!v) { jokers++; continue; }
        sum += v;
        diamonds += suit == SUIT_D; hearts += suit == SUIT_H; spades += suit == SUIT_S;
        all_same &= v == club; all_lower &= v < club; all_higher &= v > club;
        repeated |= seen >> v & 1; seen |= 1 << v;
        has_club |= v == club;
        lowest = min2(lowest, v); highest = max2(highest, v);
    }
    if (need <= 3 && diamonds < 3 && c.aims[club]) return 1;  /* Line */
    if ((!jokers || r[JOKERS_MATCH]) && all_same
        && need <= c.count[club] + (r[JOKERS_MATCH] ? c.jokers : 0)) return 1;  /* Match */
    if ((!jokers || r[SUM_JOKERS_ZERO]) && sum <= club && c.most[club] > 0
        && need <= c.most[club] + (r[SUM_JOKERS_ZERO] ? c.jokers : 0)) return 1;  /* Sum */
    if (jokers) return 0;  /* Up/Down and Run never take a Joker */
    int lower = 0, higher = 0;
    for (int v = 1; v < club; v++) lower += c.count[v];
    for (int v = club + 1; v < 14; v++) higher += c.count[v];
    if (spades < 3 && ((club >= 2 && club <= 7 && all_lower && need <= lower)
                       || (club >= 7 && club <= 12 && all_higher && need <= higher))) return 1;
    int low, high;
    stretch(c.count, club, &low, &high);
    return hearts < 3 && !repeated && !has_club && (seen == 0 || (lowest >= low && highest <= high))
           && need <= high - low && high - low + 1 >= r[RUN_MIN_CARDS];
}

/* The window and tail rules (the Python verifier's Game.window says why they hold):
 * 1 when they prove the state lost. */
static int window(const Game *g, uint64_t on_grid, int dealt, int played, int left,
                  const int *clubs, int k, const Caps *grid_caps) {
    int turn = bitcount((uint64_t)played), free[14] = {0}, reach[1 << 13], end_first[13];
    int ends[64][13], known[64] = {0};
    for (int i = 0; i < k; i++) {
        int start = max2(0, g->position[clubs[i]] - 3 - turn);
        for (int size = start; size <= k; size++) free[size] |= 1 << i;
        end_first[i] = min2(grid_caps->caps[clubs[i]], left);
    }
    reach[0] = 0;
    for (int used = 1; used < 1 << k; used++) reach[used] = -1;
    for (int used = 0; used < 1 << k; used++) {
        if (reach[used] < 0) continue;
        int done = reach[used], todo = free[bitcount((uint64_t)used)] & ~used;
        const int *end = end_first;
        if (used) {
            if (!known[done]) {
                Caps c;
                uint64_t seen = deck_from(g, dealt) & ~deck_from(g, min2(g->total, dealt + done));
                capacities_of(g, on_grid | seen, &c);
                for (int i = 0; i < k; i++) ends[done][i] = min2(done + c.caps[clubs[i]], left);
                known[done] = 1;
            }
            end = ends[done];
        }
        for (int i = 0; i < k; i++)
            if (todo >> i & 1 && end[i] > reach[used | 1 << i]) reach[used | 1 << i] = end[i];
    }
    int most = 0;
    for (int used = 0; used < 1 << k; used++) most = max2(most, reach[used]);
    if (most < left) return 1;
    if (k < 2) return 0;
    int u1[13] = {0}, u2[13] = {0};
    for (int used = 1; used < 1 << k; used++) {
        if (reach[used] <= 0) continue;
        for (int i = 0; i < k; i++) {
            if (used >> i & 1) continue;
            u2[i] = max2(u2[i], reach[used]);
            if (bitcount((uint64_t)used) <= k - 2) u1[i] = max2(u1[i], reach[used]);
        }
    }
    uint64_t in_play = on_grid | deck_from(g, dealt);
    for (int i = 0; i < k; i++)
        if (could_finish(g, clubs[i], dealt + u1[i], left - u2[i], in_play)) return 0;
    return 1;
}

static int hand(const Game *g, int played, int *out) {
    int n = 0, upto = min2(g->clubs, 4 + bitcount((uint64_t)played));
    for (int i = 0; i < upto; i++)
        if (!(played >> g->order[i] & 1)) out[n++] = g->order[i];
    return n;
}

/* Game.after_clearing in the Python verifier (it says why): per club, at least its
 * largest clear on any grid that follows `cleared` cards cleared from cells. */
static void after_clearing(const Game *g, const int *cells, int dealt, int cleared, int *out) {
    const int *r = g->rules;
    int fresh[15] = {0}, before[15] = {0}, both[15], sure[4] = {0}, old_suits[4] = {0}, old = 0;
    int end = min2(g->total, dealt + cleared);
    for (int i = dealt; i < end; i++) {
        fresh[g->values[i]]++;
        if (g->values[i]) sure[g->suits[i]]++;
    }
    for (int s = 0; s < 9; s++)
        if (cells[s] >= 0) {
            old++;
            before[g->values[cells[s]]]++;
            if (g->values[cells[s]]) old_suits[g->suits[cells[s]]]++;
        }
    int keep = old - cleared, spare = keep, smallest[15] = {0};  /* new and keep smallest old */
    for (int s = 1; s < 4; s++) sure[s] += max2(0, old_suits[s] - cleared);
    for (int v = 0; v < 15; v++) both[v] = fresh[v] + before[v];
    for (int v = 1; v < 14; v++) {
        int taken = min2(before[v], spare);
        spare -= taken;
        smallest[v] = fresh[v] + taken;
    }
    int jm = r[JOKERS_MATCH], jz = r[SUM_JOKERS_ZERO];
    for (int club = 1; club < 14; club++) {
        int budget = club, summed = 0, low, high, lower = 0, higher = 0;
        for (int v = 1; v <= club; v++) {
            if (!smallest[v]) continue;
            int fit = min2(smallest[v], budget / v);
            summed += fit;
            budget -= fit * v;
            if (fit < smallest[v]) break;
        }
        if (summed && jz) summed += fresh[0] + min2(before[0], keep);
        int best = max2(1, summed);
        best = max2(best, fresh[club] + jm * fresh[0] + min2(before[club] + jm * before[0], keep));
        if (sure[SUIT_D] < 3 && (both[club] || (r[LINE_JOKER_TARGET] && both[0])))
            best = max2(best, 3);
        if (sure[SUIT_S] < 3) {
            int lower_old = 0, higher_old = 0;
            for (int v = 1; v < club; v++) { lower += fresh[v]; lower_old += before[v]; }
            for (int v = club + 1; v < 14; v++) { higher += fresh[v]; higher_old += before[v]; }
            if (club >= 2 && club <= 7) best = max2(best, lower + min2(lower_old, keep));
            if (club >= 7 && club <= 12) best = max2(best, higher + min2(higher_old, keep));
        }
        stretch(both, club, &low, &high);
        if (sure[SUIT_H] < 3 && high - low + 1 >= r[RUN_MIN_CARDS]) best = max2(best, high - low);
        out[club] = min2(best, keep + end - dealt);
    }
}

/* Game.two_steps_short: 1 when no club in hand, clearing from its need to its largest
 * clear, can finish or be followed by a club whose clear after it meets its need. */
static int two_steps_short(const Game *g, const int *cells, int dealt, int played, int left,
                           const int *largest) {
    int width = g->total + 1, now = g->total - left, in_hand[13], held = hand(g, played, in_hand);
    int bounds[10][14], known[10] = {0};
    for (int h = 0; h < held; h++) {
        int first = played | 1 << in_hand[h], next[13], n_next = hand(g, first, next);
        for (int c = g->ladder[first * width + now]; c <= largest[in_hand[h]]; c++) {
            if (c >= left) return 0;
            if (!known[c]) {
                after_clearing(g, cells, dealt, c, bounds[c]);
                known[c] = 1;
            }
            for (int j = 0; j < n_next; j++)
                if (bounds[c][next[j]] >= g->ladder[(first | 1 << next[j]) * width + now + c])
                    return 0;
        }
    }
    return 1;
}

/* 1 when the bound (capacity, next club, window and tail) proves the state lost. */
static int cut(const Game *g, const int *cells, int dealt, int played) {
    uint64_t on_grid = 0;
    int left = g->total - dealt, grid_jokers = 0, clubs[13], k = 0, in_hand[13];
    for (int s = 0; s < 9; s++)
        if (cells[s] >= 0) {
            on_grid |= 1ULL << cells[s];
            left++;
            grid_jokers |= !g->values[cells[s]];
        }
    for (int i = 0; i < g->clubs; i++)
        if (!(played >> g->order[i] & 1)) clubs[k++] = g->order[i];
    Caps all, grid;
    capacities_of(g, on_grid | deck_from(g, dealt), &all);
    int total = 0;
    for (int i = 0; i < k; i++) total += all.caps[clubs[i]];
    if (total - duty(g, clubs, k, -1, &all) < left) return 1;  /* capacity */
    capacities(g, on_grid, cells, &grid);
    int next = -NEVER * 4, held = hand(g, played, in_hand);
    for (int h = 0; h < held; h++) {
        int i = 0;
        while (clubs[i] != in_hand[h]) i++;
        next = max2(next, total - all.caps[clubs[i]] + grid.caps[clubs[i]]
                              - (grid_jokers ? 0 : duty(g, clubs, k, i, &all)));
    }
    if (next < left) return 1;  /* next club */
    if (g->ladder) {  /* the ladder: some club in hand must clear at least its need */
        int short_of_all = 1;
        for (int h = 0; h < held; h++)
            short_of_all &= grid.caps[in_hand[h]]
                < g->ladder[(played | 1 << in_hand[h]) * (g->total + 1) + g->total - left];
        if (short_of_all) return 1;
        if (g->two_step && two_steps_short(g, cells, dealt, played, left, grid.caps)) return 1;
    }
    if (k > g->window_clubs) return 0;
    return window(g, on_grid, dealt, played, left, clubs, k, &grid);
}

/* -- the check ----------------------------------------------------------------- */
static uint64_t key_of(const int *cells, int dealt) {
    uint64_t key = (uint64_t)dealt << DEALT_SHIFT;
    for (int s = 0; s < 9; s++) key |= (uint64_t)(cells[s] < 0 ? EMPTY : cells[s]) << 6 * s;
    return key;
}

static int listed(const Game *g, uint64_t key, int played) {  /* a binary search */
    int64_t low = 0, high = g->listed;
    while (low < high) {
        int64_t mid = low + (high - low) / 2;
        if (g->keys[mid] < key || (g->keys[mid] == key && g->played[mid] < played)) low = mid + 1;
        else high = mid;
    }
    return low < g->listed && g->keys[low] == key && g->played[low] == played;
}

/* 0: the child is lost by the rules or listed; 1: cut by the bound; -1: neither. */
static int child_lost(const Game *g, const int *cells, int dealt, int played) {
    if (bitcount((uint64_t)played) == g->clubs) return 0;
    if (listed(g, key_of(cells, dealt), played)) return 0;
    return cut(g, cells, dealt, played) ? 1 : -1;
}

/* 1 when listed state i is right: in order, a state of this deal, not won, and
 * every child lost by the rules, listed or cut. */
static int check_state(const Game *g, int64_t i, int64_t *counts) {
    uint64_t key = g->keys[i];
    int played = g->played[i], cells[9], dealt = (int)(key >> DEALT_SHIFT & 63), n = 0;
    if (i > 0 && (key < g->keys[i - 1] || (key == g->keys[i - 1] && played <= g->played[i - 1])))
        return 0;
    int allowed = 0;
    for (int c = 0; c < g->clubs; c++) allowed |= 1 << g->order[c];
    if (key >> 60 || played & ~allowed || dealt > g->total) return 0;
    for (int s = 0; s < 9; s++) {
        int c = (int)(key >> 6 * s & 63);
        cells[s] = c == EMPTY ? -1 : c;
        if (c == EMPTY) continue;
        if (c >= dealt) return 0;  /* so c < dealt <= total < 63 */
        n++;
    }
    uint64_t cards = 0;
    for (int s = 0; s < 9; s++)
        if (cells[s] >= 0) {
            if (cards >> cells[s] & 1) return 0;
            cards |= 1ULL << cells[s];
        }
    if (dealt < g->total && n < 9) return 0;
    int left = n + g->total - dealt, clubs[13], held = hand(g, played, clubs);
    static Moves m[13];
    Grid grid;
    read_grid(g, cells, &grid);
    if (!left) return 0;
    for (int h = 0; h < held; h++) {
        moves(g, &grid, clubs[h], &m[h]);
        for (int j = 0; j < m[h].count; j++)
            if (bitcount((uint64_t)m[h].masks[j]) == left) return 0;  /* a win */
    }
    counts[0]++;
    for (int h = 0; h < held; h++)
        for (int j = 0; j < m[h].count; j++) {
            int child[9], child_dealt = dealt, mask = m[h].masks[j];
            for (int s = 0; s < 9; s++) {
                child[s] = mask >> s & 1 ? -1 : cells[s];
                if (child[s] < 0 && child_dealt < g->total) child[s] = child_dealt++;
            }
            counts[1]++;
            int lost = child_lost(g, child, child_dealt, played | 1 << clubs[h]);
            if (lost < 0) return 0;
            counts[2] += lost;
        }
    return 1;
}

/* The first wrong state among listed states lo..hi-1, or -1 when all are right.
 * counts (checked, children, cuts) grow by what was done. */
int64_t cfv_check(const int *values, const int *suits, int total, const int *order, int clubs,
                  const int *rules, int window_clubs, const uint64_t *keys,
                  const uint16_t *played, int64_t listed_count, const uint8_t *ladder,
                  int two_step, int64_t lo, int64_t hi, int64_t *counts) {
    static Game g;  /* big for the stack of a thread; one check at a time per process */
    if (total < 1 || total > 62 || clubs < 0 || clubs > 13) return lo;
    g.total = total;
    for (int v = 0; v < 15; v++) g.by_value[v] = 0;
    for (int i = 0; i < total; i++) {
        g.values[i] = values[i];
        g.suits[i] = suits[i];
        g.by_value[values[i]] |= 1ULL << i;
    }
    g.clubs = clubs;
    for (int i = 0; i < clubs; i++) { g.order[i] = order[i]; g.position[order[i]] = i; }
    int same_rules = 1;
    for (int i = 0; i < 7; i++) {
        same_rules &= g.rules[i] == rules[i];
        g.rules[i] = rules[i];
    }
    if (!same_rules)  /* the cache's answers hold for one set of rules */
        for (int i = 0; i < 1 << CACHE_BITS; i++) cache[i].tag = 0;
    g.window_clubs = window_clubs;
    g.keys = keys;
    g.played = played;
    g.listed = listed_count;
    g.ladder = ladder;
    g.two_step = ladder && two_step;
    for (int64_t i = lo; i < hi; i++)
        if (!check_state(&g, i, counts)) return i;
    return -1;
}
