package dev.evperf.ref.lang;

import dev.evperf.api.EngineException;
import java.util.ArrayList;
import java.util.List;

/** Splits query text into tokens; {@code --} starts a comment to the end of the line. */
final class Lexer {
    private static final String[] SYMBOLS = {
        "<=", ">=", "<>", "!=", "==", "(", ")", "[", "]", ",", ";", "*", "/", "%", "+", "-", "<", ">", "=", "."
    };

    private Lexer() {}

    static List<Token> tokens(String text) throws EngineException {
        List<Token> out = new ArrayList<>();
        int line = 1;
        int lineStart = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int col = i - lineStart + 1;
            if (c == '\n') {
                line++;
                lineStart = ++i;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                while (i < text.length() && text.charAt(i) != '\n') i++;
            } else if (Character.isLetter(c) || c == '_') {
                int s = i;
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) i++;
                out.add(new Token(Token.Kind.IDENT, text.substring(s, i), line, col));
            } else if (Character.isDigit(c)) {
                int s = i;
                while (i < text.length()
                        && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.' || text.charAt(i) == '_')) i++;
                out.add(new Token(Token.Kind.NUMBER, text.substring(s, i).replace("_", ""), line, col));
            } else if (c == '\'') {
                int s = ++i;
                while (i < text.length() && text.charAt(i) != '\'') i++;
                if (i == text.length())
                    throw new EngineException("ref: line " + line + " column " + col + ": unclosed string");
                out.add(new Token(Token.Kind.STRING, text.substring(s, i++), line, col));
            } else {
                String sym = symbolAt(text, i);
                if (sym == null) {
                    throw new EngineException(
                            "ref: line " + line + " column " + col + ": unexpected character '" + c + "'");
                }
                out.add(new Token(Token.Kind.SYMBOL, sym, line, col));
                i += sym.length();
            }
        }
        out.add(new Token(Token.Kind.END, "", line, text.length() - lineStart + 1));
        return out;
    }

    private static String symbolAt(String text, int i) {
        for (String s : SYMBOLS) {
            if (text.startsWith(s, i)) return s;
        }
        return null;
    }
}
