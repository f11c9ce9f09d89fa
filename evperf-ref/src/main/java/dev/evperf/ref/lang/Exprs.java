package dev.evperf.ref.lang;

import dev.evperf.api.EngineException;
import dev.evperf.api.Field;
import dev.evperf.api.StreamSchema;
import dev.evperf.api.channel.LogChannel;
import dev.evperf.api.channel.LogChannels;
import dev.evperf.api.trace.Tracepoint;
import dev.evperf.ref.op.Expr;
import java.util.List;
import java.util.Map;

/**
 * Compiles expression trees into {@link Expr}s over one input stream's events. Arithmetic on two
 * integers (int, long) is long arithmetic, where a division by zero throws (an error of that event,
 * reported through the engine's error hook); anything with a float or double is double arithmetic.
 * Null propagates (SQL's unknown); a WHERE that is not true drops the event.
 */
final class Exprs {
    private final StreamSchema schema;
    /** Aggregate calls already numbered by the compiler, by their node. */
    private final Map<Ast.Node, Integer> aggregates;

    Exprs(StreamSchema schema, Map<Ast.Node, Integer> aggregates) {
        this.schema = schema;
        this.aggregates = aggregates;
    }

    int field(Token name) throws EngineException {
        int i = schema.indexOf(name.text());
        if (i < 0) {
            throw new EngineException(
                    "ref: " + name.where() + ": " + schema.name() + " has no attribute '" + name.text() + "'; it has "
                            + schema.fields().stream().map(Field::name).toList());
        }
        return i;
    }

    Expr compile(Ast.Node node) throws EngineException {
        if (node instanceof Ast.Literal l) {
            Object v = l.value();
            return (e, a) -> v;
        }
        if (node instanceof Ast.Name n) {
            return Expr.field(field(n.at()));
        }
        if (node instanceof Ast.Call c) {
            Integer agg = aggregates.get(c);
            if (agg != null) return new Expr.AggExpr(agg);
            return function(c);
        }
        if (node instanceof Ast.Unary u) {
            Expr x = compile(u.operand());
            if (u.op().equals("NOT")) {
                return (e, a) -> {
                    Object v = x.eval(e, a);
                    return v == null ? null : !(Boolean) v;
                };
            }
            return (e, a) -> {
                Object v = x.eval(e, a);
                if (v == null) return null;
                return integral(v) ? (Object) (-((Number) v).longValue()) : (Object) (-((Number) v).doubleValue());
            };
        }
        Ast.Binary b = (Ast.Binary) node;
        Expr l = compile(b.left());
        Expr r = compile(b.right());
        return switch (b.op()) {
            case "AND" -> (e, a) -> {
                Object x = l.eval(e, a);
                if (Boolean.FALSE.equals(x)) return false;
                Object y = r.eval(e, a);
                if (Boolean.FALSE.equals(y)) return false;
                return x == null || y == null ? null : true;
            };
            case "OR" -> (e, a) -> {
                Object x = l.eval(e, a);
                if (Boolean.TRUE.equals(x)) return true;
                Object y = r.eval(e, a);
                if (Boolean.TRUE.equals(y)) return true;
                return x == null || y == null ? null : false;
            };
            case "+", "-", "*", "/", "%" -> arithmetic(b.op(), l, r);
            default -> comparison(b.op(), l, r);
        };
    }

    private static boolean integral(Object v) {
        return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
    }

    private static Expr arithmetic(String op, Expr l, Expr r) {
        char o = op.charAt(0);
        return (e, a) -> {
            Object x = l.eval(e, a);
            Object y = r.eval(e, a);
            if (x == null || y == null) return null;
            if (integral(x) && integral(y)) {
                long p = ((Number) x).longValue();
                long q = ((Number) y).longValue();
                return switch (o) {
                    case '+' -> p + q;
                    case '-' -> p - q;
                    case '*' -> p * q;
                    case '/' -> p / q;
                    default -> p % q;
                };
            }
            double p = ((Number) x).doubleValue();
            double q = ((Number) y).doubleValue();
            return switch (o) {
                case '+' -> p + q;
                case '-' -> p - q;
                case '*' -> p * q;
                case '/' -> p / q;
                default -> p % q;
            };
        };
    }

    private static Expr comparison(String op, Expr l, Expr r) {
        return (e, a) -> {
            Object x = l.eval(e, a);
            Object y = r.eval(e, a);
            if (x == null || y == null) return null;
            int c;
            if (x instanceof Number p && y instanceof Number q) {
                c = integral(p) && integral(q)
                        ? Long.compare(p.longValue(), q.longValue())
                        : Double.compare(p.doubleValue(), q.doubleValue());
            } else if (x instanceof String s && y instanceof String t) {
                c = s.compareTo(t);
            } else if (x instanceof Boolean s && y instanceof Boolean t && (op.equals("=") || op.equals("!="))) {
                c = s.equals(t) ? 0 : 1;
            } else {
                throw new IllegalArgumentException("cannot compare " + x + " " + op + " " + y);
            }
            return switch (op) {
                case "=" -> c == 0;
                case "!=" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                default -> c >= 0;
            };
        };
    }

    /** evperf's two functions; both pass a null id (or seq) through and record nothing for it. */
    private Expr function(Ast.Call c) throws EngineException {
        List<Ast.Node> args = c.args();
        switch (c.function()) {
            case "EVPERF_LOG" -> {
                if (args.size() < 2
                        || args.size() > 3
                        || !(args.get(0) instanceof Ast.Literal l && l.value() instanceof String)) {
                    throw new EngineException(
                            "ref: " + c.at().where() + ": evperf_log takes ('channel', id [, value])");
                }
                LogChannel channel = LogChannels.open((String) ((Ast.Literal) args.get(0)).value());
                Expr id = compile(args.get(1));
                Expr value = args.size() == 3 ? compile(args.get(2)) : null;
                return (e, a) -> {
                    Object i = id.eval(e, a);
                    if (i == null) return null;
                    Object v = value == null ? null : value.eval(e, a);
                    channel.log(((Number) i).longValue(), v == null ? 0 : ((Number) v).longValue());
                    return i;
                };
            }
            case "EVPERF_TRACE" -> {
                if (args.size() != 2 || !(args.get(1) instanceof Ast.Literal l && l.value() instanceof String)) {
                    throw new EngineException("ref: " + c.at().where() + ": evperf_trace takes (seq, 'name')");
                }
                Tracepoint point = Tracepoint.register("ref." + ((Ast.Literal) args.get(1)).value());
                Expr seq = compile(args.get(0));
                return (e, a) -> {
                    Object s = seq.eval(e, a);
                    if (s != null) point.record(((Number) s).longValue());
                    return s;
                };
            }
            default -> throw new EngineException("ref: " + c.at().where() + ": unknown function '" + c.at().text()
                    + "'; ref has COUNT, SUM, AVG, MIN, MAX, STDDEV, MEDIAN, evperf_log and evperf_trace");
        }
    }
}
