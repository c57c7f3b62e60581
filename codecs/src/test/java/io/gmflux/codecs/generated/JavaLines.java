package io.gmflux.codecs.generated;

/** Lines of Java source at an indentation that {@link #in()} and {@link #out()} move by four spaces. */
final class JavaLines {

    private final StringBuilder text = new StringBuilder();
    private int indent;

    JavaLines(int indent) {
        this.indent = indent;
    }

    /** Appends one line (an empty line has no indentation); {@code args}, if any, go through {@link String#format}. */
    JavaLines line(String line, Object... args) {
        String s = args.length == 0 ? line : String.format(line, args);
        if (!s.isEmpty()) {
            text.append(" ".repeat(indent)).append(s);
        }
        text.append('\n');
        return this;
    }

    JavaLines in() {
        indent += 4;
        return this;
    }

    JavaLines out() {
        indent -= 4;
        return this;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
