#!/bin/sh
# First start: a cluster with the user and database the environment names, password authentication from outside.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-p ${PGPORT:-5432} -c listen_addresses=''" -w start >/dev/null
  [ "$POSTGRES_DB" = "postgres" ] || createdb -p "${PGPORT:-5432}" -U "$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl -D "$PGDATA" -w stop >/dev/null
fi
exec postgres -D "$PGDATA" -p "${PGPORT:-5432}" -c listen_addresses='*'
