// Live: the browser side of Wordhall's WebSocket protocol (see actors/ws_session.hpp).
//
// It reconnects by itself with backoff when the connection drops or the server restarts, then
// subscribes again to every match it watched, so the page receives a fresh snapshot. Each
// command gets a clientSeq; its promise resolves with the ack or rejects with {code, message}.
// A command given while the connection is down waits for it (up to `offlineWaitMs`, 5 s) and is
// sent once it is back; only then does it reject with code "offline". A command whose connection
// dropped before the answer rejects with code "connection_lost": it may or may not have been
// applied, and the next snapshot tells which. Both codes are in CONNECTION_ERRORS: a page shows
// them while the connection is down and takes them away when `onStatus` reports "online" again.
// A match the server cannot play (its stored history is damaged) answers a subscription with an
// error naming the match: `onRefused(matchId, error)`; by default the page shows the server's
// sentence in a banner at the top.
export const CONNECTION_ERRORS = new Set(["offline", "connection_lost"]);

export class Live {
  constructor({ url, onSnapshot, onUpdate, onStatus, onRefused, offlineWaitMs = 5000 } = {}) {
    this.url = url || `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    this.onSnapshot = onSnapshot || (() => {});
    this.onUpdate = onUpdate || (() => {});
    this.onStatus = onStatus || (() => {});
    this.onRefused = onRefused || showRefusal;
    this.subscriptions = new Map(); // matchId -> token
    this.lastSeq = new Map();       // matchId -> newest seq seen
    this.pending = new Map();       // clientSeq -> {resolve, reject}
    this.waiting = new Set();       // commands given while offline: {send, timer}
    this.offlineWaitMs = offlineWaitMs;
    this.nextSeq = 1;
    this.backoffMs = 250;
    this.connect();
  }

  connect() {
    this.setStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.backoffMs = 250;
      this.setStatus("online");
      for (const [matchId, token] of this.subscriptions) this.sendSubscribe(matchId, token);
      for (const w of this.waiting) {
        clearTimeout(w.timer);
        w.send();
      }
      this.waiting.clear();
    };
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      for (const [, p] of this.pending)
        p.reject({ code: "connection_lost", message: "the connection dropped before the answer" });
      this.pending.clear();
      if (this.status !== "restarting") this.setStatus("offline");
      const delay = this.backoffMs * (0.75 + Math.random() / 2);
      this.backoffMs = Math.min(this.backoffMs * 2, 5000);
      setTimeout(() => this.connect(), delay);
    };
  }

  setStatus(status) {
    this.status = status;
    this.onStatus(status);
  }

  receive(msg) {
    switch (msg.type) {
      case "snapshot":
        this.lastSeq.set(msg.matchId, msg.seq);
        this.onSnapshot(msg);
        break;
      case "update":
        {
          // Same seq without events: a fresh view (presence changed). Older: stale.
          const last = this.lastSeq.get(msg.matchId) || 0;
          if (msg.seq < last || (msg.seq === last && msg.events.length)) return;
        }
        this.lastSeq.set(msg.matchId, msg.seq);
        this.onUpdate(msg);
        break;
      case "ack":
      case "error": {
        if (msg.type === "error" && msg.matchId && this.subscriptions.has(msg.matchId)) {
          this.subscriptions.delete(msg.matchId); // asking again would be refused again
          this.onRefused(msg.matchId, msg.error);
          break;
        }
        const p = this.pending.get(msg.clientSeq);
        if (!p) return;
        this.pending.delete(msg.clientSeq);
        if (msg.type === "ack") p.resolve(msg);
        else p.reject(msg.error);
        break;
      }
      case "restarting":
        this.setStatus("restarting");
        break;
    }
  }

  subscribe(matchId, token) {
    this.subscriptions.set(matchId, token || "");
    if (this.status === "online") this.sendSubscribe(matchId, token);
  }

  sendSubscribe(matchId, token) {
    this.lastSeq.delete(matchId); // a fresh snapshot follows
    this.ws.send(JSON.stringify({ type: "subscribe", matchId, token: token || undefined }));
  }

  // {matchId} for an existing match, or {game} with a "create" command for a new one.
  command({ matchId, game, token, command }) {
    return new Promise((resolve, reject) => {
      const send = () => {
        const clientSeq = this.nextSeq++;
        this.pending.set(clientSeq, { resolve, reject });
        this.ws.send(JSON.stringify({ type: "command", clientSeq, matchId, game, token, command }));
      };
      if (this.status === "online") return send();
      const waiter = { send };
      waiter.timer = setTimeout(() => {
        this.waiting.delete(waiter);
        reject({ code: "offline", message: "not connected to the server" });
      }, this.offlineWaitMs);
      this.waiting.add(waiter);
    });
  }
}

function showRefusal(matchId, error) {
  const banner = document.createElement("p");
  banner.className = "match-refused";
  banner.setAttribute("role", "alert");
  banner.style.cssText = "margin:0;padding:12px 16px;background:#b3261e;color:#fff;font-weight:600";
  banner.textContent = error && error.message ? error.message : "This match cannot be played.";
  document.body.prepend(banner);
}
