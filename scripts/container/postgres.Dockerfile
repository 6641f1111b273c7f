# PostgreSQL from Debian's packages, for the container test where no official image can be pulled. Takes the
# official image's POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB / PGPORT and data folder.
ARG BASE
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/*
COPY scripts/container/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
RUN mkdir -p "$PGDATA" /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
USER postgres
CMD ["/usr/local/bin/postgres-entrypoint.sh"]
