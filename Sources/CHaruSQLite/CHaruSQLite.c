#include "CHaruSQLite.h"

#include <sqlite3.h>

int haru_sqlite3_skip_checkpoint_on_close(void *connection, int skip) {
  int now = -1;
  return sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, skip, &now);
}
