package dev.evperf.ref.lang;

import java.util.stream.Collectors;

/** An expression written back as text: for messages, and to recognise equal aggregate arguments. */
final class Printer {
    private Printer() {}

    static String text(Ast.Node node) {
        if (node instanceof Ast.Literal l)
            return l.value() instanceof String s ? "'" + s + "'" : String.valueOf(l.value());
        if (node instanceof Ast.Name n) return n.at().text();
        if (node instanceof Ast.Unary u)
            return u.op().equals("NOT") ? "NOT " + text(u.operand()) : "-" + text(u.operand());
        if (node instanceof Ast.Binary b) return "(" + text(b.left()) + " " + b.op() + " " + text(b.right()) + ")";
        Ast.Call c = (Ast.Call) node;
        return c.function() + "("
                + (c.star() ? "*" : c.args().stream().map(Printer::text).collect(Collectors.joining(", "))) + ")";
    }
}
