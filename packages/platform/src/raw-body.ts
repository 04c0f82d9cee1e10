declare module 'fastify' {
  interface FastifyRequest {
    /**
     * A JSON body's text exactly as it arrived (the server's JSON parser keeps it): a sender's
     * signature (a payment processor's webhook) is checked over these bytes, not over a re-encoding.
     */
    rawBody?: string;
  }
}

export {};
