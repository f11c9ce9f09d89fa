package dev.evperf.ref.lang;

import dev.evperf.api.EngineException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses ref's query language, a small CQL: queries separated by {@code ;}, each
 * <pre>
 * SELECT item [AS name], … FROM stream [window] [WHERE condition] [GROUP BY attribute] INTO stream
 * window := [ROWS n [SLIDE n]] | [RANGE n unit [ON time]]   unit: ms, s, m, h (or words); time: an attribute or integer expression, ms
 * </pre>
 * Expressions: literals, attributes, {@code + - * / %}, comparisons {@code = != <> < <= > >=}, AND,
 * OR, NOT, parentheses; aggregates {@code COUNT(*) SUM AVG MIN MAX STDDEV MEDIAN}; evperf's functions
 * {@code evperf_log('channel', id [, value])} and {@code evperf_trace(seq, 'name')}.
 */
final class Parser {
    private final List<Token> tokens;
    private int at;

    private Parser(List<Token> tokens) {
        this.tokens = tokens;
    }

    static List<Ast.Query> parse(String text) throws EngineException {
        Parser p = new Parser(Lexer.tokens(text));
        List<Ast.Query> queries = new ArrayList<>();
        while (true) {
            while (p.peek().is(";")) p.at++;
            if (p.peek().kind() == Token.Kind.END) break;
            queries.add(p.query());
            if (!p.peek().is(";") && p.peek().kind() != Token.Kind.END) throw p.expected("';' or the end of the text");
        }
        if (queries.isEmpty())
            throw new EngineException("ref: no query; write SELECT … FROM … INTO …, or a query spec (test: …)");
        return queries;
    }

    private Ast.Query query() throws EngineException {
        Token start = keyword("SELECT");
        List<Ast.Item> items = new ArrayList<>();
        do {
            Ast.Node e = expression();
            Token alias = null;
            if (peek().is("AS")) {
                at++;
                alias = identifier("a name after AS");
            }
            items.add(new Ast.Item(e, alias));
        } while (accept(","));
        keyword("FROM");
        Token from = identifier("an input stream");
        Ast.Window window = peek().is("[") ? window() : null;
        Ast.Node where = null;
        if (peek().is("WHERE")) {
            at++;
            where = expression();
        }
        Token group = null;
        if (peek().is("GROUP")) {
            at++;
            keyword("BY");
            group = identifier("an attribute to group by");
        }
        keyword("INTO");
        Token into = identifier("an output stream");
        return new Ast.Query(start, items, from, window, where, group, into);
    }

    private Ast.Window window() throws EngineException {
        Token open = next();
        if (peek().is("ROWS")) {
            at++;
            long rows = positive("a window size");
            long slide = 1;
            if (peek().is("SLIDE")) {
                at++;
                Token t = peek();
                slide = positive("a slide");
                if (slide != 1 && slide != rows) {
                    throw new EngineException("ref: " + t.where()
                            + ": SLIDE is 1 (sliding) or the window's size (tumbling), not " + slide);
                }
            }
            symbol("]");
            return new Ast.Window(open, rows, slide, 0, null);
        }
        if (peek().is("RANGE")) {
            at++;
            long n = positive("a time span");
            long ms = Math.multiplyExact(n, unit());
            Ast.Node on = null;
            if (peek().is("ON")) {
                at++;
                on = expression();
            }
            symbol("]");
            return new Ast.Window(open, 0, 1, ms, on);
        }
        throw expected("ROWS or RANGE");
    }

    private long unit() throws EngineException {
        Token t = identifier("a time unit (ms, s, m, h)");
        return switch (t.text().toLowerCase(Locale.ROOT)) {
            case "ms", "millisecond", "milliseconds" -> 1;
            case "s", "sec", "second", "seconds" -> 1000;
            case "m", "min", "minute", "minutes" -> 60_000;
            case "h", "hour", "hours" -> 3_600_000;
            default -> throw new EngineException(
                    "ref: " + t.where() + ": unknown time unit '" + t.text() + "'; use ms, s, m or h");
        };
    }

    private long positive(String what) throws EngineException {
        Token t = next();
        if (t.kind() != Token.Kind.NUMBER || t.text().contains(".")) {
            throw new EngineException(
                    "ref: " + t.where() + ": expected " + what + " (a whole number), found " + t.shown());
        }
        long n = Long.parseLong(t.text());
        if (n < 1) throw new EngineException("ref: " + t.where() + ": " + what + " must be at least 1");
        return n;
    }

    // expression := or
    private Ast.Node expression() throws EngineException {
        Ast.Node left = and();
        while (peek().is("OR")) {
            Token op = next();
            left = new Ast.Binary(op, "OR", left, and());
        }
        return left;
    }

    private Ast.Node and() throws EngineException {
        Ast.Node left = not();
        while (peek().is("AND")) {
            Token op = next();
            left = new Ast.Binary(op, "AND", left, not());
        }
        return left;
    }

    private Ast.Node not() throws EngineException {
        if (peek().is("NOT")) {
            Token op = next();
            return new Ast.Unary(op, "NOT", not());
        }
        return comparison();
    }

    private Ast.Node comparison() throws EngineException {
        Ast.Node left = sum();
        for (String op : new String[] {"<=", ">=", "<>", "!=", "==", "<", ">", "="}) {
            if (peek().is(op)) {
                Token t = next();
                String norm =
                        switch (op) {
                            case "<>", "!=" -> "!=";
                            case "==" -> "=";
                            default -> op;
                        };
                return new Ast.Binary(t, norm, left, sum());
            }
        }
        return left;
    }

    private Ast.Node sum() throws EngineException {
        Ast.Node left = product();
        while (peek().is("+") || peek().is("-")) {
            Token op = next();
            left = new Ast.Binary(op, op.text(), left, product());
        }
        return left;
    }

    private Ast.Node product() throws EngineException {
        Ast.Node left = unary();
        while (peek().is("*") || peek().is("/") || peek().is("%")) {
            Token op = next();
            left = new Ast.Binary(op, op.text(), left, unary());
        }
        return left;
    }

    private Ast.Node unary() throws EngineException {
        if (peek().is("-")) {
            Token op = next();
            return new Ast.Unary(op, "-", unary());
        }
        return primary();
    }

    private Ast.Node primary() throws EngineException {
        Token t = next();
        switch (t.kind()) {
            case NUMBER -> {
                try {
                    return new Ast.Literal(
                            t,
                            t.text().contains(".")
                                    ? (Object) Double.parseDouble(t.text())
                                    : (Object) Long.parseLong(t.text()));
                } catch (NumberFormatException e) {
                    throw new EngineException("ref: " + t.where() + ": '" + t.text() + "' is not a number");
                }
            }
            case STRING -> {
                return new Ast.Literal(t, t.text());
            }
            case IDENT -> {
                if (t.is("TRUE") || t.is("FALSE"))
                    return new Ast.Literal(t, Boolean.parseBoolean(t.text().toLowerCase(Locale.ROOT)));
                if (t.is("NULL")) return new Ast.Literal(t, null);
                if (peek().is("(")) return call(t);
                return new Ast.Name(t);
            }
            case SYMBOL -> {
                if (t.is("(")) {
                    Ast.Node inner = expression();
                    symbol(")");
                    return inner;
                }
            }
            default -> {}
        }
        at--;
        throw expected("a value, an attribute or '('");
    }

    private Ast.Node call(Token name) throws EngineException {
        symbol("(");
        List<Ast.Node> args = new ArrayList<>();
        if (accept("*")) {
            symbol(")");
            return new Ast.Call(name, name.text().toUpperCase(Locale.ROOT), args, true);
        }
        if (!peek().is(")")) {
            do {
                args.add(expression());
            } while (accept(","));
        }
        symbol(")");
        return new Ast.Call(name, name.text().toUpperCase(Locale.ROOT), args, false);
    }

    private Token peek() {
        return tokens.get(at);
    }

    private Token next() {
        Token t = tokens.get(at);
        if (t.kind() != Token.Kind.END) at++;
        return t;
    }

    private boolean accept(String symbol) {
        if (peek().is(symbol)) {
            at++;
            return true;
        }
        return false;
    }

    private Token keyword(String k) throws EngineException {
        if (!peek().is(k)) throw expected(k);
        return next();
    }

    private void symbol(String s) throws EngineException {
        if (!peek().is(s)) throw expected("'" + s + "'");
        at++;
    }

    private Token identifier(String what) throws EngineException {
        if (peek().kind() != Token.Kind.IDENT) throw expected(what);
        return next();
    }

    private EngineException expected(String what) {
        Token t = peek();
        return new EngineException("ref: " + t.where() + ": expected " + what + ", found " + t.shown());
    }
}
