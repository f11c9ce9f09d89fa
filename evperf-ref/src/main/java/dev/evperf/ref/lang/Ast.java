package dev.evperf.ref.lang;

import java.util.List;

/** The parsed form of ref's queries, before names are resolved against the input schemas. */
final class Ast {
    private Ast() {}

    /** {@code SELECT items FROM from [window] [WHERE where] [GROUP BY groupBy] INTO into}. */
    record Query(Token start, List<Item> items, Token from, Window window, Node where, Token groupBy, Token into) {}

    /** @param alias null when the item has no AS */
    record Item(Node expr, Token alias) {}

    /**
     * {@code [ROWS n [SLIDE n]]} or {@code [RANGE span [ON attribute]]}.
     *
     * @param rows    the count, or 0 for a time window
     * @param slide   1 (sliding) or rows (tumbling)
     * @param rangeMs the span of a time window in ms
     * @param on      the time: an attribute or an integer expression (ms), or null for arrival time
     */
    record Window(Token at, long rows, long slide, long rangeMs, Node on) {}

    sealed interface Node permits Literal, Name, Unary, Binary, Call {
        Token at();
    }

    record Literal(Token at, Object value) implements Node {}

    record Name(Token at) implements Node {}

    record Unary(Token at, String op, Node operand) implements Node {}

    record Binary(Token at, String op, Node left, Node right) implements Node {}

    /** @param star COUNT(*) */
    record Call(Token at, String function, List<Node> args, boolean star) implements Node {}
}
