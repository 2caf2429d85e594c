#ifndef CHARU_SQLITE_H
#define CHARU_SQLITE_H

/// The calls of SQLite's C interface that Swift cannot make itself, because they take a variable
/// number of arguments. Each takes the connection as an untyped pointer, so that this header
/// needs no SQLite header of its own and works with whichever SQLite module the caller imports.

/// Sets whether closing the last connection to a database in write-ahead-log mode checkpoints the
/// log into the database and deletes it (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, SQLite 3.16 and later).
///
/// @param connection An open `sqlite3 *` connection.
/// @param skip 1 so that closing never checkpoints, 0 for SQLite's default.
/// @return SQLITE_OK, or the error code of `sqlite3_db_config`.
int haru_sqlite3_skip_checkpoint_on_close(void *connection, int skip);

#endif
