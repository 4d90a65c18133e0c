import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one 404 of the server: an unknown route, and a route that must look unknown (the paybill
 * callbacks with a wrong secret or from an address off the allow-list). One body, naming only the
 * method and the path asked for, so that no answer tells a prober which paths exist.
 */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '/';
  return reply.code(404).send({ message: `Not found: ${request.method} ${path}` });
}
