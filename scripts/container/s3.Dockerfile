# An S3-compatible store from npm (s3rver), for the container test where MinIO's image cannot be pulled. Takes
# MinIO's `server /data --address :PORT` command line, so compose.yaml runs either.
ARG BASE
FROM ${BASE}
ARG NODE_EXTRA_CA_CERTS
ENV NODE_EXTRA_CA_CERTS=${NODE_EXTRA_CA_CERTS}
WORKDIR /s3
RUN npm install --no-audit --no-fund s3rver@3.7.1
COPY scripts/container/s3.mjs /s3/s3.mjs
ENTRYPOINT ["node", "/s3/s3.mjs"]
