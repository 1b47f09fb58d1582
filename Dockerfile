# LCEmu container image: a local LeanCloud REST back end for integration tests and CI.
#
#   docker build -t lcemu .
#   docker run --rm -p 3000:3000 lcemu
#
# Two stages, following the Swift-on-Linux server conventions: build with the official Swift
# image, run on plain Ubuntu with only the shared libraries the binary needs (see docs/docker.md).
# Both base images are build arguments so that scripts/verify-docker can build this file
# unchanged from locally made images; the runtime stage works on Ubuntu noble and Debian bookworm.

ARG SWIFT_IMAGE=swift:6.3-noble
ARG RUNTIME_IMAGE=ubuntu:noble

# ================================
# Build stage
# ================================
FROM ${SWIFT_IMAGE} AS build

# The system libraries behind the CSQLite and COpenSSL module maps (not in the Swift image).
RUN export DEBIAN_FRONTEND=noninteractive DEBCONF_NONINTERACTIVE_SEEN=true \
    && apt-get -q update \
    && apt-get -q install -y --no-install-recommends libsqlite3-dev libssl-dev \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build

# Resolve dependencies in their own layer: it is rebuilt only when the manifest changes.
COPY ./Package.* ./
RUN swift package resolve \
        $([ -f ./Package.resolved ] && echo "--force-resolved-versions" || true)

COPY . .

# --static-swift-stdlib links the Swift runtime and FoundationEssentials into the binary, so the runtime
# image needs no Swift toolchain. lld (in the Swift toolchain) with packed relative relocations
# (DT_RELR; glibc 2.36 or later, which noble and bookworm have): the loader no longer reads
# 1.8 MB of relocation entries at every start, 1.2 MB less idle RSS (docs/performance.md, "Idle
# memory"). `STATIC=1 bench/startup` builds and measures the same.
RUN swift build -c release --product lcemu --static-swift-stdlib \
        -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs

WORKDIR /staging
RUN cp "$(swift build --package-path /build -c release --show-bin-path)/lcemu" ./lcemu \
    && strip ./lcemu \
    && mkdir -p ./seed && cp -R /build/seed/. ./seed/

# ================================
# Runtime stage
# ================================
FROM ${RUNTIME_IMAGE}

# What `ldd lcemu` lists beyond libc, libm, libstdc++ and libgcc_s (all in the base image):
# SQLite and OpenSSL 3 (libssl3t64 on Ubuntu noble, libssl3 on Debian bookworm); plus CA
# certificates and time zones for Foundation. No dist-upgrade, to keep the image small: rebuild
# with a freshly pulled base image to pick up security updates.
RUN export DEBIAN_FRONTEND=noninteractive DEBCONF_NONINTERACTIVE_SEEN=true \
    && apt-get -q update \
    && if apt-cache show libssl3t64 >/dev/null 2>&1; then ssl=libssl3t64; else ssl=libssl3; fi \
    && apt-get -q install -y --no-install-recommends libsqlite3-0 "$ssl" ca-certificates tzdata \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log

# A fixed, numeric, non-root user, so that Kubernetes' runAsNonRoot can check it and a bind
# mount can be prepared with `chown 10001:10001`.
RUN groupadd --gid 10001 lcemu \
    && useradd --uid 10001 --gid lcemu --no-create-home --home-dir /data --shell /usr/sbin/nologin lcemu \
    && mkdir -p /data \
    && chown lcemu:lcemu /data

COPY --from=build /staging/lcemu /usr/local/bin/lcemu
COPY --from=build /staging/seed /usr/share/lcemu/seed

ENV LCEMU_HOST=0.0.0.0 \
    LCEMU_DATA=/data \
    LCEMU_SEED=/usr/share/lcemu/seed

VOLUME /data
WORKDIR /data
USER 10001:10001
EXPOSE 3000

# `lcemu healthcheck` reads LCEMU_HOST/LCEMU_PORT like `serve`, so it follows a changed port.
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 \
    CMD ["lcemu", "healthcheck"]

# lcemu is PID 1 and handles SIGTERM itself: `docker stop` is a graceful shutdown that closes
# the databases and exits 0.
ENTRYPOINT ["lcemu"]
CMD ["serve"]
