package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Mutations of a workload's parsed tree, so that the result is still YAML and reaches the checks
 * behind the parser: a value replaced by an edge value or another type, a key removed, renamed or
 * added, a list item doubled or removed, two values swapped.
 */
final class WorkloadTreeMutator {
    private WorkloadTreeMutator() {}

    static JsonNode once(JsonNode root, SplittableRandom r) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        if (containers.isEmpty()) return value(r);
        JsonNode c = containers.get(r.nextInt(containers.size()));
        if (c instanceof ObjectNode o) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            String key = keys.isEmpty() ? null : keys.get(r.nextInt(keys.size()));
            switch (key == null ? 2 : r.nextInt(5)) {
                case 0 -> o.set(key, value(r));
                case 1 -> o.remove(key);
                case 2 -> o.set(WorkloadMutator.pick(WorkloadMutator.KEYS, r), value(r));
                case 3 -> {
                    JsonNode v = o.remove(key);
                    o.set(WorkloadMutator.pick(WorkloadMutator.KEYS, r), v);
                }
                default -> {
                    // a value from elsewhere in the file: the right shape in the wrong place
                    JsonNode other = containers.get(r.nextInt(containers.size()));
                    o.set(key, other.deepCopy());
                }
            }
        } else if (c instanceof ArrayNode a) {
            int i = a.isEmpty() ? -1 : r.nextInt(a.size());
            switch (i < 0 ? 0 : r.nextInt(4)) {
                case 0 -> a.add(value(r));
                case 1 -> a.remove(i);
                case 2 -> a.insert(i, a.get(i).deepCopy());
                default -> a.set(i, value(r));
            }
        }
        return root;
    }

    /** One of the mutator's edge values, parsed as YAML would read it. */
    private static JsonNode value(SplittableRandom r) {
        String v = WorkloadMutator.pick(WorkloadMutator.VALUES, r);
        try {
            JsonNode n = WorkloadMutator.YAML.readTree("v: " + v);
            return n != null && n.has("v")
                    ? n.get("v")
                    : WorkloadMutator.YAML.getNodeFactory().textNode(v);
        } catch (IOException e) {
            return WorkloadMutator.YAML.getNodeFactory().textNode(v);
        }
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n == null || !n.isContainerNode()) return;
        out.add(n);
        for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) collect(it.next(), out);
    }
}
