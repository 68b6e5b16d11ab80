// Prints the Alloy Analyzer's verdict on every command of one .als file, for
// relprove's differential test (tests/alloy_differential.rs) and benchmarks.
// Built by scripts/build-alloy.sh against the Analyzer's own sources; see
// docs/alloy-differential.md.
//
// Usage: java -jar alloy-verdicts.jar FILE [--timeout SECONDS] [--skip N]
//                                         [--solver sat4j|cadical|PATH-TO-CADICAL]
// The default solver is SAT4J (pure Java, in the jar); `cadical` runs the
// CaDiCaL binary (Debian's `cadical` package) through Kodkod's external-solver
// interface, with CaDiCaL's own time limit (-t) set to the timeout.
//
// `COMMANDS <n>`, then one tab-separated line per command written in the
// file (not Alloy's implicit `Default` run of a file without any), printed
// and flushed as soon as it is decided:
//   CMD <index> <label> <check|run> <expect> <sat|unsat> <ms> <primaryVars> <totalVars> <clauses>
// (<expect> is -1 when the command states none.) A command that runs past
// --timeout prints `CMD <index> <label> <kind> <expect> timeout <ms> ...` and
// the driver exits with status 3, since a running SAT4J search cannot be
// stopped from outside: the caller restarts it with --skip <index + 1>.
// A file the Analyzer rejects prints `ERROR <message>` and exits with 2.
import edu.mit.csail.sdg.alloy4.A4Reporter;
import edu.mit.csail.sdg.alloy4.Err;
import edu.mit.csail.sdg.alloy4.Pos;
import edu.mit.csail.sdg.ast.Command;
import edu.mit.csail.sdg.parser.CompModule;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Options;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.TranslateAlloyToKodkod;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

public final class AlloyVerdicts {

    /** Records the CNF size Kodkod reports just before solving. */
    static final class SizeReporter extends A4Reporter {
        volatile int primaryVars = -1, totalVars = -1, clauses = -1;

        @Override
        public void solve(int primaryVars, int totalVars, int clauses) {
            this.primaryVars = primaryVars;
            this.totalVars = totalVars;
            this.clauses = clauses;
        }
    }

    private static String oneLine(String s) {
        return s.replaceAll("[\\t\\r\\n]+", " ").trim();
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: AlloyVerdicts FILE [--timeout SECONDS] [--skip N] [--solver sat4j|cadical|PATH]");
            System.exit(64);
        }
        String file = args[0];
        double timeout = 0;
        int skip = 0;
        String solver = "sat4j";
        for (int i = 1; i + 1 < args.length; i += 2) {
            if (args[i].equals("--timeout")) timeout = Double.parseDouble(args[i + 1]);
            else if (args[i].equals("--skip")) skip = Integer.parseInt(args[i + 1]);
            else if (args[i].equals("--solver")) solver = args[i + 1];
            else {
                System.err.println("unknown option " + args[i]);
                System.exit(64);
            }
        }
        CompModule world;
        try {
            world = CompUtil.parseEverything_fromFile(new A4Reporter(), null, file);
        } catch (Err e) {
            System.out.println("ERROR " + oneLine(e.toString()));
            System.exit(2);
            return;
        }
        A4Options opt = new A4Options();
        if (solver.equals("sat4j")) {
            opt.solver = A4Options.SatSolver.SAT4J;
        } else {
            String exe = solver.equals("cadical") ? "cadical" : solver;
            // -q: only the `s`/`v` lines Kodkod parses; -t: CaDiCaL stops
            // itself, since a child process outlives the driver's exit
            String[] flags = timeout > 0 ? new String[] {"-q", "-t", Integer.toString((int) Math.ceil(timeout))} : new String[] {"-q"};
            opt.solver = A4Options.SatSolver.make("cadical", "CaDiCaL", exe, flags);
        }
        List<Command> cmds = new java.util.ArrayList<>(world.getAllCommands());
        // A file without commands gets an implicit `run {} for 4` labelled
        // Default (CompModule); it is not written in the file, so not listed.
        cmds.removeIf(c -> c.pos == Pos.UNKNOWN && c.label.equals("Default"));
        System.out.println("COMMANDS " + cmds.size());
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });
        for (int i = skip; i < cmds.size(); i++) {
            Command cmd = cmds.get(i);
            SizeReporter rep = new SizeReporter();
            long t0 = System.nanoTime();
            Future<A4Solution> job = pool.submit(() -> TranslateAlloyToKodkod.execute_command(rep, world.getAllReachableSigs(), cmd, opt));
            String verdict;
            int code = 0;
            try {
                A4Solution sol = timeout > 0 ? job.get((long) (timeout * 1000), TimeUnit.MILLISECONDS) : job.get();
                verdict = sol.satisfiable() ? "sat" : "unsat";
            } catch (TimeoutException e) {
                verdict = "timeout";
                code = 3;
            } catch (java.util.concurrent.ExecutionException e) {
                Throwable c = e.getCause();
                verdict = "error " + oneLine(c == null ? e.toString() : c.toString());
                code = 0;
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.println(String.join("\t", "CMD", Integer.toString(i), cmd.label, cmd.check ? "check" : "run", Integer.toString(cmd.expects), verdict, Long.toString(ms), Integer.toString(rep.primaryVars), Integer.toString(rep.totalVars), Integer.toString(rep.clauses)));
            System.out.flush();
            if (code != 0) System.exit(code);
        }
        System.exit(0);
    }
}
