package dev.evperf.core.driver;

import java.util.function.Consumer;

/**
 * A sender thread: runs a {@link Driver} and carries its {@link SendState}, so that a listener
 * called on it (an engine delivering inside send, with several senders) finds which input is being
 * sent by asking which thread it is on.
 */
public final class Sender extends Thread {
    public final SendState state = new SendState();
    private final Consumer<SendState> work;

    public Sender(Consumer<SendState> work, String name) {
        super(name);
        this.work = work;
    }

    @Override
    public void run() {
        work.accept(state);
    }
}
