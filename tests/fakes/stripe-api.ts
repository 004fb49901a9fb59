import type http from "node:http";
import { freePorts, serveOnLoopback } from "./ports";

// A small stand-in for Stripe's HTTP API on loopback, for the Stripe worker tests (Vitest
// globalSetup, in Node). The app's real `stripe` SDK talks to it through STRIPE_API_BASE: the
// same form-encoded requests, expansions and error bodies as Stripe, for the endpoints the app
// uses, with state kept in memory. Tests read and change that state under /__control/.
//
// Stripe misbehaves on purpose in two ways, a "stall" (never answered: the client's timeout must
// end it) and an "outage" (Stripe's 500 api_error). Whole API keys do: sk_test_stall and
// sk_test_broken. So can one user's checkouts (a test's control call) and the reading or
// cancelling of one subscription (its `fault`). Never a global switch, so that test files running side by side
// cannot disturb each other.

const DAY = 24 * 60 * 60;
/** A price of nothing a month: its first invoice needs no payment. */
const ZERO_PRICE = "price_zero_test";
const MONTH = 30 * DAY;
/** What the test prices cost a month, in cents (tests/worker/vitest.config.ts names them). */
const PRICE_CENTS: Record<string, number> = {
  price_premium_test: 1500,
  price_ultimate_test: 4900,
  [ZERO_PRICE]: 0,
};

type Params = { [key: string]: Param };
type Param = string | Param[] | Params;

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  itemId: string;
  price: string;
  quantity: number;
  metadata: Record<string, string>;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialEnd: number | null;
  schedule: string | null;
  latestInvoice: string;
  pendingSetupIntent: string | null;
  created: number;
  /** When the app cancelled it at once (DELETE), in Unix seconds. */
  canceledAt: number | null;
  /** Every update the app asked for, in order, as sent. */
  updates: Params[];
  /** Set by a test: reading or cancelling this subscription stalls or fails as in an outage. */
  fault: Fault | null;
}

type Fault = "stall" | "outage";

interface FakeInvoice {
  id: string;
  subscription: string;
  status: "open" | "paid";
  amountDue: number;
  paymentSecret: string | null;
}

interface FakePhase {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number }[];
}

interface FakeSchedule {
  id: string;
  subscription: string;
  customer: string;
  status: "active" | "released";
  endBehavior: string;
  phases: FakePhase[];
}

interface FakeCheckoutSession {
  id: string;
  params: Params;
  subscription: string | null;
  status: "open" | "complete";
}

/** Thrown by a handler whose request is never to be answered. */
class Stalled extends Error {}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    readonly code?: string,
  ) {
    super(message);
  }
}

const state = {
  customers: new Map<string, { id: string; email: string; metadata: Record<string, string> }>(),
  /** Customers the app deleted (DELETE /v1/customers/{id}); tests ask whether it did. */
  deletedCustomers: new Map<
    string,
    { id: string; email: string; metadata: Record<string, string> }
  >(),
  subscriptions: new Map<string, FakeSubscription>(),
  invoices: new Map<string, FakeInvoice>(),
  setupIntents: new Map<string, string>(),
  schedules: new Map<string, FakeSchedule>(),
  sessions: new Map<string, FakeCheckoutSession>(),
  /** Starting a subscription (directly or through Checkout) for these users fails. */
  checkoutFaults: new Map<string, Fault>(),
};

function newId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`items[0][price]=…`, `expand[0]=…`) back into objects and arrays. */
function parseForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Params | Param[] = root;
    path.forEach((segment, index) => {
      const container = node as Record<string, Param>;
      if (index === path.length - 1) {
        container[segment] = value;
        return;
      }
      container[segment] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = container[segment] as Params | Param[];
    });
  }
  return root;
}

function text(value: Param | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function list(value: Param | undefined): Param[] {
  return Array.isArray(value) ? value : [];
}

function record(value: Param | undefined): Params {
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

function strings(value: Param | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record(value)).flatMap(([key, v]) => (typeof v === "string" ? [[key, v]] : [])),
  );
}

function mustFind<T>(map: Map<string, T>, id: string, what: string): T {
  const found = map.get(id);
  if (!found)
    throw new StripeFailure(404, `No such ${what}: '${id}'`, undefined, "resource_missing");
  return found;
}

function fail(fault: Fault): never {
  if (fault === "stall") throw new Stalled();
  throw new StripeFailure(500, "Something went wrong on Stripe's end.", "api_error");
}

/** The checkout fault set for the user a new subscription is for, found in its metadata. */
function failCheckoutIfAsked(metadata: Param | undefined) {
  const fault = state.checkoutFaults.get(text(record(metadata).user_id) ?? "");
  if (fault) fail(fault);
}

function checkPrice(price: string | undefined): string {
  if (!price?.startsWith("price_")) throw new StripeFailure(400, `No such price: '${price}'`);
  return price;
}

// --- Rendering objects as Stripe does, honouring `expand` -------------------------------------

function renderInvoice(invoice: FakeInvoice, withSecret: boolean) {
  return {
    id: invoice.id,
    object: "invoice",
    status: invoice.status,
    amount_due: invoice.amountDue,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: invoice.subscription, metadata: null },
    },
    // An "includable" field: present only when asked for with expand.
    ...(withSecret
      ? {
          confirmation_secret: invoice.paymentSecret
            ? { client_secret: invoice.paymentSecret, type: "payment_intent" }
            : null,
        }
      : {}),
  };
}

function renderSchedule(schedule: FakeSchedule) {
  const time = now();
  const current =
    schedule.status === "active"
      ? schedule.phases.find((phase) => phase.start_date <= time && time < phase.end_date)
      : undefined;
  return {
    id: schedule.id,
    object: "subscription_schedule",
    status: schedule.status,
    customer: schedule.customer,
    subscription: schedule.status === "active" ? schedule.subscription : null,
    released_subscription: schedule.status === "released" ? schedule.subscription : null,
    end_behavior: schedule.endBehavior,
    current_phase: current ? { start_date: current.start_date, end_date: current.end_date } : null,
    phases: schedule.phases.map((phase) => ({
      ...phase,
      items: phase.items.map((item) => ({ ...item, metadata: {} })),
    })),
  };
}

function renderSubscription(subscription: FakeSubscription, expand: string[]) {
  const invoice = state.invoices.get(subscription.latestInvoice)!;
  const setupSecret = subscription.pendingSetupIntent
    ? state.setupIntents.get(subscription.pendingSetupIntent)
    : undefined;
  const schedule = subscription.schedule ? state.schedules.get(subscription.schedule) : undefined;
  return {
    id: subscription.id,
    object: "subscription",
    customer: subscription.customer,
    status: subscription.status,
    metadata: subscription.metadata,
    created: subscription.created,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    cancel_at: subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null,
    canceled_at: subscription.canceledAt,
    trial_end: subscription.trialEnd,
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
      data: [
        {
          id: subscription.itemId,
          object: "subscription_item",
          price: {
            id: subscription.price,
            object: "price",
            recurring: { interval: "month", interval_count: 1 },
          },
          quantity: subscription.quantity,
          current_period_start: subscription.currentPeriodStart,
          current_period_end: subscription.currentPeriodEnd,
        },
      ],
    },
    latest_invoice: expand.some((path) => path.startsWith("latest_invoice"))
      ? renderInvoice(invoice, expand.includes("latest_invoice.confirmation_secret"))
      : invoice.id,
    pending_setup_intent:
      subscription.pendingSetupIntent && expand.includes("pending_setup_intent")
        ? {
            id: subscription.pendingSetupIntent,
            object: "setup_intent",
            status: "requires_payment_method",
            client_secret: setupSecret,
          }
        : subscription.pendingSetupIntent,
    schedule:
      schedule && expand.includes("schedule") ? renderSchedule(schedule) : (schedule?.id ?? null),
  };
}

function renderSession(session: FakeCheckoutSession) {
  return {
    id: session.id,
    object: "checkout.session",
    mode: text(session.params.mode),
    status: session.status,
    customer: text(session.params.customer),
    client_reference_id: text(session.params.client_reference_id) ?? null,
    success_url: text(session.params.success_url),
    cancel_url: text(session.params.cancel_url),
    subscription: session.subscription,
    url: session.status === "open" ? `https://checkout.stripe.com/c/pay/${session.id}` : null,
  };
}

// --- The API --------------------------------------------------------------------------------

function createSubscription(params: Params, status?: string): FakeSubscription {
  const customer = text(params.customer) ?? "";
  mustFind(state.customers, customer, "customer");
  const item = record(list(params.items)[0]);
  const price = checkPrice(text(item.price));
  const trialEnd = text(params.trial_end) ? Number(text(params.trial_end)) : null;
  if (trialEnd !== null && trialEnd <= now()) {
    throw new StripeFailure(
      400,
      "Invalid timestamp: must be an integer Unix timestamp in the future.",
    );
  }
  const id = newId("sub");
  // A trial's first invoice (or one for a free price) is for nothing and already paid, so Stripe
  // creates no payment for it; otherwise the first month is due.
  const dueNow = trialEnd === null && price !== ZERO_PRICE;
  const invoice: FakeInvoice = {
    id: newId("in"),
    subscription: id,
    status: dueNow ? "open" : "paid",
    amountDue: dueNow ? 1500 : 0,
    paymentSecret: dueNow ? `${newId("pi")}_secret_${newId("s")}` : null,
  };
  state.invoices.set(invoice.id, invoice);
  let pendingSetupIntent: string | null = null;
  if (trialEnd) {
    pendingSetupIntent = newId("seti");
    state.setupIntents.set(pendingSetupIntent, `${pendingSetupIntent}_secret_${newId("s")}`);
  }
  const start = now();
  const subscription: FakeSubscription = {
    id,
    customer,
    status: status ?? (trialEnd ? "trialing" : "incomplete"),
    itemId: newId("si"),
    price,
    quantity: Number(text(item.quantity) ?? 1),
    metadata: strings(params.metadata),
    cancelAtPeriodEnd: false,
    currentPeriodStart: start,
    currentPeriodEnd: trialEnd ?? start + MONTH,
    trialEnd,
    schedule: null,
    latestInvoice: invoice.id,
    pendingSetupIntent,
    created: start,
    canceledAt: null,
    updates: [],
    fault: null,
  };
  state.subscriptions.set(id, subscription);
  return subscription;
}

function updateSubscription(subscription: FakeSubscription, params: Params) {
  const changesBilling = params.items !== undefined || params.cancel_at_period_end !== undefined;
  if (subscription.schedule && changesBilling) {
    throw new StripeFailure(
      400,
      `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
    );
  }
  for (const raw of list(params.items)) {
    const item = record(raw);
    if (text(item.id) !== subscription.itemId) {
      throw new StripeFailure(400, `No such subscription item: '${text(item.id)}'`);
    }
    if (item.price !== undefined) subscription.price = checkPrice(text(item.price));
  }
  const cancel = text(params.cancel_at_period_end);
  if (cancel !== undefined) subscription.cancelAtPeriodEnd = cancel === "true";
  Object.assign(subscription.metadata, strings(params.metadata));
  subscription.updates.push(params);
}

function scheduleFromSubscription(params: Params): FakeSchedule {
  const subscription = mustFind(
    state.subscriptions,
    text(params.from_subscription) ?? "",
    "subscription",
  );
  if (subscription.schedule) {
    throw new StripeFailure(
      400,
      `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
    );
  }
  const schedule: FakeSchedule = {
    id: newId("sub_sched"),
    subscription: subscription.id,
    customer: subscription.customer,
    status: "active",
    endBehavior: "release",
    phases: [
      {
        start_date: subscription.currentPeriodStart,
        end_date: subscription.currentPeriodEnd,
        items: [{ price: subscription.price, quantity: subscription.quantity }],
      },
    ],
  };
  state.schedules.set(schedule.id, schedule);
  subscription.schedule = schedule.id;
  return schedule;
}

function updateSchedule(schedule: FakeSchedule, params: Params) {
  if (schedule.status !== "active") {
    throw new StripeFailure(400, `You cannot update a schedule in status ${schedule.status}.`);
  }
  if (text(params.end_behavior)) schedule.endBehavior = text(params.end_behavior)!;
  if (params.phases === undefined) return;
  const currentStart = schedule.phases[0]!.start_date;
  let previousEnd = currentStart;
  schedule.phases = list(params.phases).map((raw, index) => {
    const phase = record(raw);
    const start = text(phase.start_date) ? Number(text(phase.start_date)) : previousEnd;
    if (index === 0 && start !== currentStart) {
      throw new StripeFailure(400, "You can not modify the start date of the current phase.");
    }
    const duration = record(phase.duration);
    const months =
      text(duration.interval) === "month" ? Number(text(duration.interval_count) ?? 1) : 0;
    const end = text(phase.end_date) ? Number(text(phase.end_date)) : start + months * MONTH;
    if (end <= start) throw new StripeFailure(400, "Each phase needs an end_date or a duration.");
    previousEnd = end;
    return {
      start_date: start,
      end_date: end,
      items: list(phase.items).map((item) => ({
        price: checkPrice(text(record(item).price)),
        quantity: Number(text(record(item).quantity) ?? 1),
      })),
    };
  });
}

function releaseSchedule(schedule: FakeSchedule) {
  if (schedule.status !== "active") {
    throw new StripeFailure(400, `You cannot release a schedule in status ${schedule.status}.`);
  }
  schedule.status = "released";
  state.subscriptions.get(schedule.subscription)!.schedule = null;
}

type Route = [
  method: string,
  pattern: RegExp,
  handle: (match: string[], params: Params) => unknown,
];

const api: Route[] = [
  [
    "POST",
    /^\/v1\/customers$/,
    (_, params) => {
      const customer = {
        id: newId("cus"),
        email: text(params.email) ?? "",
        metadata: strings(params.metadata),
      };
      state.customers.set(customer.id, customer);
      return { object: "customer", ...customer };
    },
  ],
  [
    "DELETE",
    /^\/v1\/customers\/([^/]+)$/,
    ([id]) => {
      // As Stripe does: the customer goes, and any subscription of theirs ends at once.
      const customer = mustFind(state.customers, id!, "customer");
      state.customers.delete(customer.id);
      state.deletedCustomers.set(customer.id, customer);
      for (const subscription of state.subscriptions.values()) {
        if (subscription.customer === customer.id && subscription.status !== "canceled") {
          subscription.status = "canceled";
          subscription.canceledAt = now();
        }
      }
      return { id: customer.id, object: "customer", deleted: true };
    },
  ],
  [
    "POST",
    /^\/v1\/subscriptions$/,
    (_, params) => {
      failCheckoutIfAsked(params.metadata);
      return renderSubscription(createSubscription(params), list(params.expand).map(String));
    },
  ],
  [
    "GET",
    /^\/v1\/subscriptions\/([^/]+)$/,
    ([id], params) => {
      const subscription = mustFind(state.subscriptions, id!, "subscription");
      if (subscription.fault) fail(subscription.fault);
      return renderSubscription(subscription, list(params.expand).map(String));
    },
  ],
  [
    "POST",
    /^\/v1\/subscriptions\/([^/]+)$/,
    ([id], params) => {
      const subscription = mustFind(state.subscriptions, id!, "subscription");
      updateSubscription(subscription, params);
      return renderSubscription(subscription, list(params.expand).map(String));
    },
  ],
  [
    "DELETE",
    /^\/v1\/subscriptions\/([^/]+)$/,
    ([id], params) => {
      const subscription = mustFind(state.subscriptions, id!, "subscription");
      if (subscription.fault) fail(subscription.fault);
      // Stripe treats an ended subscription as gone: cancelling it again is "No such subscription".
      if (subscription.status === "canceled") {
        throw new StripeFailure(
          404,
          `No such subscription: '${id}'`,
          undefined,
          "resource_missing",
        );
      }
      subscription.status = "canceled";
      subscription.cancelAtPeriodEnd = false;
      subscription.canceledAt = now();
      return renderSubscription(subscription, list(params.expand).map(String));
    },
  ],
  [
    "POST",
    /^\/v1\/subscription_schedules$/,
    (_, params) => renderSchedule(scheduleFromSubscription(params)),
  ],
  [
    "GET",
    /^\/v1\/subscription_schedules\/([^/]+)$/,
    ([id]) => renderSchedule(mustFind(state.schedules, id!, "subscription schedule")),
  ],
  [
    "POST",
    /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
    ([id]) => {
      const schedule = mustFind(state.schedules, id!, "subscription schedule");
      releaseSchedule(schedule);
      return renderSchedule(schedule);
    },
  ],
  [
    "POST",
    /^\/v1\/subscription_schedules\/([^/]+)$/,
    ([id], params) => {
      const schedule = mustFind(state.schedules, id!, "subscription schedule");
      updateSchedule(schedule, params);
      return renderSchedule(schedule);
    },
  ],
  [
    "POST",
    /^\/v1\/invoices\/create_preview$/,
    (_, params) => {
      // Stripe's proration as two lines, each rounded to a cent: a credit for the unused rest
      // of the period at the old price and a charge for it at the new one (always_invoice).
      const subscription = mustFind(
        state.subscriptions,
        text(params.subscription) ?? "",
        "subscription",
      );
      const details = record(params.subscription_details);
      const item = record(list(details.items)[0]);
      const price = checkPrice(text(item.price));
      const at = Number(text(details.proration_date) ?? now());
      const total = subscription.currentPeriodEnd - subscription.currentPeriodStart;
      const left = Math.min(Math.max(subscription.currentPeriodEnd - at, 0), total);
      const credit = -Math.round(((PRICE_CENTS[subscription.price] ?? 0) * left) / total);
      const charge = Math.round(((PRICE_CENTS[price] ?? 0) * left) / total);
      return {
        object: "invoice",
        customer: subscription.customer,
        subscription: subscription.id,
        currency: "usd",
        amount_due: Math.max(credit + charge, 0),
        lines: {
          object: "list",
          data: [
            { object: "line_item", amount: credit, description: "Unused time" },
            { object: "line_item", amount: charge, description: "Remaining time" },
          ],
        },
      };
    },
  ],
  [
    "POST",
    /^\/v1\/checkout\/sessions$/,
    (_, params) => {
      failCheckoutIfAsked(record(params.subscription_data).metadata);
      mustFind(state.customers, text(params.customer) ?? "", "customer");
      const trialEnd = text(record(params.subscription_data).trial_end);
      if (trialEnd && Number(trialEnd) < now() + 2 * DAY) {
        throw new StripeFailure(
          400,
          "The `trial_end` date has to be at least 2 days in the future.",
        );
      }
      const session: FakeCheckoutSession = {
        id: newId("cs_test"),
        params,
        subscription: null,
        status: "open",
      };
      state.sessions.set(session.id, session);
      return renderSession(session);
    },
  ],
];

// --- Control endpoints for the tests --------------------------------------------------------

type SubscriptionPatch = Partial<
  Pick<
    FakeSubscription,
    "status" | "price" | "metadata" | "cancelAtPeriodEnd" | "currentPeriodEnd" | "fault"
  >
>;

const control: Route[] = [
  [
    "POST",
    /^\/__control\/users\/([^/]+)\/checkout-fault$/,
    ([userId], { fault }) => {
      if (fault === "stall" || fault === "outage") state.checkoutFaults.set(userId!, fault);
      else state.checkoutFaults.delete(userId!);
      return { userId, fault: state.checkoutFaults.get(userId!) ?? null };
    },
  ],
  [
    "GET",
    /^\/__control\/customers\/([^/]+)$/,
    ([id]) => {
      const deleted = state.deletedCustomers.get(id!);
      return deleted ? { ...deleted, deleted: true } : mustFind(state.customers, id!, "customer");
    },
  ],
  [
    "GET",
    /^\/__control\/customers\/([^/]+)\/subscriptions$/,
    ([customer]) => [...state.subscriptions.values()].filter((sub) => sub.customer === customer),
  ],
  [
    "GET",
    /^\/__control\/subscriptions\/([^/]+)$/,
    ([id]) => mustFind(state.subscriptions, id!, "subscription"),
  ],
  [
    "POST",
    /^\/__control\/subscriptions\/([^/]+)$/,
    ([id], patch) => {
      const subscription = mustFind(state.subscriptions, id!, "subscription");
      Object.assign(subscription, patch as SubscriptionPatch);
      return subscription;
    },
  ],
  [
    "POST",
    /^\/__control\/subscriptions\/([^/]+)\/pay$/,
    ([id]) => {
      // Stripe charging the subscription's price (a renewal): the paid invoice, as the
      // invoice.paid and invoice.payment_succeeded events carry it, for the test to deliver.
      const subscription = mustFind(state.subscriptions, id!, "subscription");
      const invoiceId = newId("in");
      const paidAt = now();
      const amount = PRICE_CENTS[subscription.price] ?? 0;
      state.invoices.set(invoiceId, {
        id: invoiceId,
        subscription: subscription.id,
        status: "paid",
        amountDue: amount,
        paymentSecret: null,
      });
      return {
        id: invoiceId,
        object: "invoice",
        customer: subscription.customer,
        number: `FAKE-${invoiceId.slice(-6).toUpperCase()}`,
        status: "paid",
        currency: "usd",
        amount_due: amount,
        amount_paid: amount,
        created: paidAt,
        status_transitions: { paid_at: paidAt },
        hosted_invoice_url: `https://invoice.stripe.com/i/${invoiceId}`,
        invoice_pdf: `https://pay.stripe.com/invoice/${invoiceId}/pdf`,
        lines: {
          object: "list",
          data: [
            { object: "line_item", amount, description: `One month of ${subscription.price}` },
          ],
        },
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        },
      };
    },
  ],
  [
    "GET",
    /^\/__control\/schedules\/([^/]+)$/,
    ([id]) => mustFind(state.schedules, id!, "subscription schedule"),
  ],
  [
    "GET",
    /^\/__control\/checkout\/sessions\/([^/]+)$/,
    ([id]) => mustFind(state.sessions, id!, "checkout session"),
  ],
  [
    "POST",
    /^\/__control\/checkout\/sessions\/([^/]+)\/complete$/,
    ([id]) => {
      // What Stripe does when the customer pays on the Checkout page.
      const session = mustFind(state.sessions, id!, "checkout session");
      const data = record(session.params.subscription_data);
      const subscription = createSubscription(
        {
          customer: session.params.customer!,
          items: list(session.params.line_items),
          metadata: data.metadata ?? {},
          ...(data.trial_end ? { trial_end: data.trial_end } : {}),
        },
        data.trial_end ? "trialing" : "active",
      );
      session.subscription = subscription.id;
      session.status = "complete";
      return renderSession(session);
    },
  ],
];

// --- The server -----------------------------------------------------------------------------

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Request-Id": newId("req"),
  });
  response.end(JSON.stringify(body));
}

/** API keys that misbehave for every request made with them. */
const KEY_FAULTS: Readonly<Record<string, Fault>> = {
  sk_test_stall: "stall",
  sk_test_broken: "outage",
};

/** Sends what `run` returns, or the Stripe error it throws; a stall is never answered. */
function answer(response: http.ServerResponse, run: () => unknown) {
  try {
    send(response, 200, run());
  } catch (error) {
    if (error instanceof Stalled) return;
    if (!(error instanceof StripeFailure)) throw error;
    send(response, error.status, {
      error: { type: error.type, message: error.message, code: error.code },
    });
  }
}

function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://fake");
  const isControl = url.pathname.startsWith("/__control/");
  if (!isControl) {
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!key?.startsWith("sk_test_")) {
      return send(response, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided." },
      });
    }
    const fault = KEY_FAULTS[key];
    if (fault) return answer(response, () => fail(fault));
  }
  const params: Params = isControl
    ? (JSON.parse(body || "{}") as Params)
    : parseForm(request.method === "GET" ? url.search.slice(1) : body);
  for (const [method, pattern, run] of isControl ? control : api) {
    const match = pattern.exec(url.pathname);
    if (request.method !== method || !match) continue;
    return answer(response, () => run(match.slice(1), params));
  }
  send(response, 404, {
    error: {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${url.pathname}).`,
    },
  });
}

/**
 * Where the fake listens: chosen once per run and shared through process.env between the Vitest
 * config (which gives it to the Worker as STRIPE_API_BASE) and the globalSetup below.
 */
export async function fakeStripeApiBase(): Promise<string> {
  process.env.FAKE_STRIPE_PORT ??= String((await freePorts(1))[0]);
  return `http://127.0.0.1:${process.env.FAKE_STRIPE_PORT}`;
}

export default async function startFakeStripe() {
  return serveOnLoopback(Number(new URL(await fakeStripeApiBase()).port), handle);
}
