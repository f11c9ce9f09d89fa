package dev.evperf.ref.lang;

/** A token of ref's query text, with its position (1-based line and column). */
record Token(Kind kind, String text, int line, int column) {
    enum Kind {
        IDENT,
        NUMBER,
        STRING,
        SYMBOL,
        END
    }

    boolean is(String keywordOrSymbol) {
        return (kind == Kind.IDENT || kind == Kind.SYMBOL) && text.equalsIgnoreCase(keywordOrSymbol);
    }

    String where() {
        return "line " + line + " column " + column;
    }

    String shown() {
        return kind == Kind.END ? "the end of the text" : "'" + text + "'";
    }
}
