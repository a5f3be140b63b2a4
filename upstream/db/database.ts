import type Database from "better-sqlite3";

// The open database's type, in a module of its own: index.ts opens and seeds the database through most
// of db/, and each of those modules names this type, so it cannot live in index.ts without a cycle.

export type Db = Database.Database;
