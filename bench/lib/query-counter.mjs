// Loaded into the production server by bench/admin-pages.ts (`node --import <this file> server.mjs`):
// counts the SQL statements each request sends, without a line of the app knowing. A request with
// the header `x-bench-id: <id>` runs in its own async context; every PGlite query/exec (a
// transaction's BEGIN and COMMIT included) and every node-postgres Client#query made inside it is
// counted, and the wall time during which at least one of them was waiting is summed ("ms em SQL").
// `GET /__bench/queries?id=<id>` answers {queries, sqlMs, statements} of that finished request
// (statements: each one's first 160 characters and milliseconds), before the app sees it. Background work (the job worker, the LISTEN connection) has no such context and is not
// counted. Only ever loaded by the bench, on 127.0.0.1.
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

const als = new AsyncLocalStorage();
/** Finished requests by bench id (the bench asks once per id, so the map stays small). */
const finished = new Map();

/** The SQL text of a query call's first argument (a string, or node-postgres' {text}). */
const textOf = (q) =>
  String(typeof q === "string" ? q : (q?.text ?? "?"))
    .replace(/\s+/g, " ")
    .slice(0, 160);

/** Marks one statement of the current request as sent; returns its "done" callback. */
function begin(text) {
  const store = als.getStore();
  if (!store) return () => {};
  store.queries++;
  const started = performance.now();
  if (store.inflight++ === 0) store.since = started;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const at = performance.now();
    store.statements.push({ sql: text, ms: at - started });
    if (--store.inflight === 0) store.sqlMs += at - store.since;
  };
}

/** Runs `run()` (a promise-returning call) as one counted statement. */
function counted(text, run) {
  const end = begin(text);
  try {
    const result = run();
    if (result && typeof result.then === "function") {
      result.then(end, end);
    } else {
      end();
    }
    return result;
  } catch (err) {
    end();
    throw err;
  }
}

for (const name of ["query", "exec"]) {
  const original = PGlite.prototype[name];
  PGlite.prototype[name] = function (...args) {
    return counted(textOf(args[0]), () => original.apply(this, args));
  };
}
const originalTransaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function (callback) {
  // BEGIN and COMMIT are statements too (node-postgres sends them as queries).
  begin("BEGIN")();
  begin("COMMIT")();
  return originalTransaction.call(this, (tx) =>
    callback(
      Object.assign(Object.create(tx), {
        query: (...args) => counted(textOf(args[0]), () => tx.query(...args)),
        exec: (...args) => counted(textOf(args[0]), () => tx.exec(...args)),
        sql: (...args) => counted(textOf(args[0]?.join?.("$") ?? "sql"), () => tx.sql(...args)),
      }),
    ),
  );
};

/** node-postgres' query(config, values?, callback?) as one counted statement, in any of its forms. */
function countedPgQuery(original) {
  return function (config, values, callback) {
    const end = begin(textOf(config));
    const cb = typeof callback === "function" ? callback : typeof values === "function" ? values : null;
    if (cb) {
      const wrapped = (...a) => {
        end();
        return cb(...a);
      };
      return typeof callback === "function"
        ? original.call(this, config, values, wrapped)
        : original.call(this, config, wrapped);
    }
    const result = original.call(this, config, values);
    if (result && typeof result.then === "function") result.then(end, end);
    else if (result && typeof result.on === "function") result.on("end", end).on("error", end);
    else end();
    return result;
  };
}

// Pool#query is counted where the app calls it (in the request's context); the client it runs on
// is handed over later, maybe from another request's callback, so Client#query is counted only on
// a client the app checked out itself (a transaction: pool.connect(), then client.query).
const originalPoolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = countedPgQuery(originalPoolQuery);
const originalClientQuery = pg.Client.prototype.query;
const countedClientQuery = countedPgQuery(originalClientQuery);
const checkedOut = new WeakSet();
pg.Client.prototype.query = function (...args) {
  return (checkedOut.has(this) ? countedClientQuery : originalClientQuery).apply(this, args);
};
const originalConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (callback) {
  if (callback) return originalConnect.call(this, callback);
  return originalConnect.call(this).then((client) => {
    checkedOut.add(client);
    const release = client.release;
    client.release = (...a) => {
      checkedOut.delete(client);
      return release.apply(client, a);
    };
    return client;
  });
};

const originalEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res, ...rest) {
  if (event !== "request") return originalEmit.call(this, event, req, res, ...rest);
  if (req.url?.startsWith("/__bench/queries")) {
    const id = new URL(req.url, "http://x").searchParams.get("id");
    const body = JSON.stringify(finished.get(id) ?? null);
    finished.delete(id);
    res.writeHead(200, { "content-type": "application/json" }).end(body);
    return true;
  }
  const id = req.headers["x-bench-id"];
  if (typeof id !== "string") return originalEmit.call(this, event, req, res, ...rest);
  const store = { queries: 0, inflight: 0, since: 0, sqlMs: 0, statements: [] };
  res.on("finish", () =>
    finished.set(id, { queries: store.queries, sqlMs: store.sqlMs, statements: store.statements }),
  );
  return als.run(store, () => originalEmit.call(this, event, req, res, ...rest));
};
