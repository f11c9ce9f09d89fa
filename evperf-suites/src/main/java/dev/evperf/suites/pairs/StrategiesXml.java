package dev.evperf.suites.pairs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The neutral workload file (Figure B.2): {@code <Strategies><PairsStrategy alias symbol1 symbol2
 * availableFunds periodLength numPeriods bandsMultiplier stopLossPerc user/></Strategies>}. The
 * {@code user} attribute is evperf's (Table B.1 has none; readers default it from the alias).
 */
public final class StrategiesXml {
    private StrategiesXml() {}

    public static String write(List<PairsStrategy> strategies) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Strategies>\n");
        for (PairsStrategy s : strategies) {
            b.append(String.format(
                    Locale.ROOT,
                    "  <PairsStrategy alias=\"%s\" user=\"%d\" availableFunds=\"%d\" symbol1=\"%s\" symbol2=\"%s\""
                            + " periodLength=\"%d\" numPeriods=\"%d\" bandsMultiplier=\"%s\" stopLossPerc=\"%s\"/>%n",
                    s.alias(),
                    s.user(),
                    s.availableFunds(),
                    s.symbol1(),
                    s.symbol2(),
                    s.periodLength(),
                    s.numPeriods(),
                    s.bandsMultiplier(),
                    s.stopLossPerc()));
        }
        return b.append("</Strategies>\n").toString();
    }

    /** Reads a strategies file; an {@link IllegalArgumentException} names the file, strategy and attribute at fault. */
    public static List<PairsStrategy> read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            var factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            NodeList nodes = factory.newDocumentBuilder().parse(in).getElementsByTagName("PairsStrategy");
            List<PairsStrategy> out = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) {
                out.add(strategy(file, i, (Element) nodes.item(i)));
            }
            return out;
        } catch (SAXException | ParserConfigurationException e) {
            throw new IllegalArgumentException(file + ": not a strategies file: " + e.getMessage());
        }
    }

    private static PairsStrategy strategy(Path file, int i, Element e) {
        String where = file + ": PairsStrategy " + (i + 1);
        String alias = attr(e, "alias", where);
        String user = e.getAttribute("user");
        try {
            return new PairsStrategy(
                    alias,
                    user.isEmpty() ? i / 5 : Integer.parseInt(user),
                    attr(e, "symbol1", where),
                    attr(e, "symbol2", where),
                    Long.parseLong(attr(e, "availableFunds", where)),
                    Integer.parseInt(attr(e, "periodLength", where)),
                    Integer.parseInt(attr(e, "numPeriods", where)),
                    Double.parseDouble(attr(e, "bandsMultiplier", where)),
                    Double.parseDouble(attr(e, "stopLossPerc", where)));
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException(where + " (" + alias + "): not a number: " + ex.getMessage());
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException(where + ": " + ex.getMessage());
        }
    }

    private static String attr(Element e, String name, String where) {
        String v = e.getAttribute(name);
        if (v.isEmpty()) {
            throw new IllegalArgumentException(where + ": attribute " + name + " missing");
        }
        return v;
    }
}
