#!/usr/bin/env node
/**
 * A shop's webhook endpoint for trying the webhooks out: prints every event it receives and
 * whether its signature checks out with the endpoint's secret, and acknowledges it.
 *
 *   node scripts/webhook-receiver.mjs <port> <signing secret>
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const [portArg, secret] = process.argv.slice(2);
const port = Number(portArg);
if (!Number.isInteger(port) || !secret) {
  console.error('Usage: node scripts/webhook-receiver.mjs <port> <signing secret>');
  process.exit(1);
}

/** X-Account-Signature is v1= and the hex HMAC-SHA256 of `{timestamp}.{body}`; older than 5 minutes is refused. */
function verified(headers, body) {
  const timestamp = Number(headers['x-account-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(String(headers['x-account-signature'] ?? ''));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (!verified(request.headers, body)) {
      console.log('refused a delivery with a bad signature');
      response.writeHead(401).end();
      return;
    }
    const event = JSON.parse(body);
    console.log(
      `${event.occurredAt} #${event.id} ${event.type} shopper ${event.shopper.externalId ?? event.shopper.id}`,
    );
    console.log(`  ${JSON.stringify(event.data)}`);
    response.writeHead(204).end();
  });
}).listen(port, '127.0.0.1', () => console.log(`Listening for webhooks on http://127.0.0.1:${port}/`));
