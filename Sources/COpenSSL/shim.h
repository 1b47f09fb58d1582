#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/hmac.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>

// Macros Swift cannot import, as functions (used by EmuTLS).

/// TLS 1.2 at least, no renegotiation or compression, and the write modes a non-blocking
/// server needs: partial writes, and a retried write whose buffer has moved.
static inline int lcemu_ssl_ctx_configure(SSL_CTX *ctx) {
    SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_COMPRESSION);
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    return (int)SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
}

static inline EVP_PKEY *lcemu_generate_p256_key(void) { return EVP_EC_gen("P-256"); }

static inline long lcemu_bio_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }

static inline int lcemu_ssl_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}
