// The playground's page: a channel view that sends what a member does to the local
// Discord server (through /api/...) and shows the channel as that member sees it.
"use strict";

const page = {
  state: null,           // /api/state: guild, members, channels, users
  member: null,          // id of the member acting
  channel: null,         // id of the channel (or thread) shown
  threads: [],           // the server's threads, listed under their channels
  version: 0,            // the feed's version the page has caught up with (0: nothing yet)
  views: new Map(),      // message id -> the message as last sent
  generation: 0,         // bumped when member or channel changes: stale polls are dropped
  clockOffset: 0,        // the bot's clock minus this browser's
  revealed: new Set(),   // spoilers clicked open, by message id and index
  dismissed: new Set(),  // private replies dismissed
  modal: null,           // the interaction whose text box is open
  attachment: null,      // the file picked for the next command, uploaded: {id, filename, size}
};

const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  return response.json();
}

// --- start ------------------------------------------------------------------------------

async function start() {
  page.state = await api("/api/state");
  $("guild-name").textContent = page.state.guild;
  page.member = page.state.members[0].id;
  page.channel = page.state.channels[0].id;
  drawChannels();
  drawMembers();
  drawLanguages();
  setClock(page.state.now);
  setInterval(showNow, 1000);
  $("composer").addEventListener("submit", (event) => { event.preventDefault(); sendCommand(); });
  $("command").addEventListener("input", () => askSuggestionsSoon());
  $("command").addEventListener("keydown", onComposerKey);
  $("command").addEventListener("focus", () => askSuggestionsSoon());
  $("attach").addEventListener("change", uploadPicked);
  $("attached-remove").addEventListener("click", () => setAttachment(null));
  $("messages").addEventListener("click", onMessagesClick);
  $("clock-next-post").addEventListener("click", () => moveClock("next-post"));
  $("clock-end-day").addEventListener("click", () => moveClock("end-day"));
  $("modal-cancel").addEventListener("click", () => closeModal());
  $("modal-form").addEventListener("submit", (event) => { event.preventDefault(); submitModal(); });
  follow();
}

// The text channels, each with its threads under it (as Discord's sidebar lists them).
function drawChannels() {
  const list = $("channels");
  list.replaceChildren();
  for (const channel of page.state.channels) {
    const item = element("li");
    item.append(placeButton("channel-" + channel.name, "# " + channel.name, channel.id, channel.name));
    const threads = page.threads.filter((thread) => thread.parent === channel.id);
    if (threads.length) {
      const under = element("ul", "threads");
      for (const thread of threads) {
        const entry = element("li", thread.archived ? "archived" : "");
        const label = "🧵 " + thread.name + (thread.archived ? " (archived)" : "");
        entry.append(placeButton("thread-" + thread.name, label, thread.id, thread.name));
        under.append(entry);
      }
      item.append(under);
    }
    list.append(item);
  }
}

// A button that shows a channel or thread; the composer then acts there.
function placeButton(id, label, placeId, name) {
  const button = element("button", placeId === page.channel ? "current" : "", label);
  button.type = "button";
  button.id = id;
  button.dataset.id = placeId;
  button.addEventListener("click", () => {
    page.channel = placeId;
    $("channel-name").textContent = name;
    drawChannels();
    refollow();
  });
  return button;
}

function drawMembers() {
  const box = $("members");
  box.replaceChildren();
  for (const member of page.state.members) {
    const label = element("label");
    const radio = element("input");
    radio.type = "radio";
    radio.name = "member";
    radio.id = "member-" + member.name;
    radio.value = member.id;
    radio.checked = member.id === page.member;
    radio.addEventListener("change", () => {
      page.member = member.id;
      drawLanguages();
      refollow();
      askSuggestionsSoon();
    });
    label.append(radio, " " + member.name);
    if (member.manages_server) label.append(element("span", "role", "Manage Server"));
    box.append(label);
  }
}

// The acting member's Discord client language: their command list and the bot's replies
// to them follow it.
function drawLanguages() {
  const select = $("language");
  const member = page.state.members.find((m) => m.id === page.member);
  select.replaceChildren(...page.state.languages.map((language) => {
    const option = element("option", "", language.name);
    option.value = language.locale;
    option.selected = language.locale === member.locale;
    return option;
  }));
  select.onchange = async () => {
    const chosen = await api("/api/language", { member: member.id, locale: select.value });
    if (chosen.error) { showError(chosen.error); return; }
    member.locale = chosen.locale;
    askSuggestionsSoon();
  };
}

// --- the channel, kept up to date -----------------------------------------------------------

function refollow() {
  page.version = 0;
  page.views.clear();
  page.generation += 1;
  drawn.clear();  // another member sees other private replies and buttons act as them
  $("messages").replaceChildren();
  follow();
}

async function follow() {
  const generation = page.generation;
  while (generation === page.generation) {
    const query = new URLSearchParams({ member: page.member, channel: page.channel, since: page.version });
    let data;
    try {
      data = await api("/api/messages?" + query);
    } catch (error) {
      await new Promise((done) => setTimeout(done, 1000));  // the playground stopped or restarts
      continue;
    }
    if (generation !== page.generation) return;
    setClock(data.now);
    if (!data.changed) continue;
    // Only what changed since page.version comes: the rest is kept from before.
    page.version = data.version;
    for (const message of data.messages) page.views.set(message.id, message);
    const shown = new Set(data.order);
    for (const id of [...page.views.keys()]) if (!shown.has(id)) page.views.delete(id);
    drawMessages(data.order.map((id) => page.views.get(id)).filter(Boolean));
    if (data.problems) drawProblems(data.problems);
    if (data.threads) { page.threads = data.threads; drawChannels(); }
  }
}

// The rules the bot broke, and a count of the requests from elsewhere the server refused
// (what they said is never shown: anyone on this machine could have sent them).
function drawProblems(problems) {
  const box = $("violations");
  const lines = [];
  if (problems.violations.length) lines.push("Discord would have refused what the bot did:", ...problems.violations);
  const refused = Object.entries(problems.refused);
  if (refused.length) {
    const counts = refused.map(([reason, count]) => count + " " + reason.replace(/_/g, " ")).join(", ");
    lines.push("Requests from elsewhere on this machine, refused: " + counts);
  }
  box.hidden = lines.length === 0;
  box.textContent = lines.join("\n");
}

// A message drawn before and unchanged keeps its element (its pictures are not loaded again).
const drawn = new Map();  // message id -> { json, node }

function drawMessages(messages) {
  const list = $("messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const nodes = messages.filter((m) => !page.dismissed.has(m.id)).map((message) => {
    const json = JSON.stringify(message);
    const before = drawn.get(message.id);
    if (before && before.json === json) return before.node;
    const node = drawMessage(message);
    drawn.set(message.id, { json, node });
    for (const image of node.querySelectorAll("img")) {
      image.addEventListener("load", () => { if (atBottom) list.scrollTop = list.scrollHeight; });
    }
    return node;
  });
  list.replaceChildren(...(nodes.length ? nodes : [welcome()]));
  if (atBottom) list.scrollTop = list.scrollHeight;
}

// What to try first, while the channel is empty.
function welcome() {
  const box = element("div", "welcome");
  box.append(
    element("h2", "", "Welcome to #" + $("channel-name").textContent),
    element("p", "", "Type / to see the commands, for example:"),
    element("pre", "", "/solve letterboxed vro wal eth bdi\n/solve sudoku\n/help"),
    element("p", "", "Daily puzzles: as morgan (Manage Server), set them up, then press “Advance to the next post”; play as alice or bob and see /leaderboard:"),
    element("pre", "", "/puzzle-settings setup channel:#puzzles time:09:00 timezone:Europe/London kinds:letterboxed"),
  );
  return box;
}

function drawMessage(message) {
  const box = element("div", "message" + (message.ephemeral ? " ephemeral" : ""));
  box.dataset.id = message.id;
  if (message.invoked) {
    const line = element("div", "invoked", "↱ ");
    line.append(element("span", "user", message.invoked.user), " used ", element("span", "command", message.invoked.command));
    line.dataset.locale = message.invoked.locale;  // the language the bot was told they read
    box.append(line);
  }
  const head = element("div", "head");
  head.append(element("span", "author", message.author));
  if (message.bot) head.append(element("span", "tag", "APP"));
  head.append(element("span", "time", new Date(message.timestamp).toLocaleTimeString()));
  if (message.edited) head.append(element("span", "edited", "(edited)"));
  box.append(head);
  if (message.loading) box.append(element("div", "loading", message.author + " is thinking…"));
  if (message.content) box.append(markdown(message.content, "content", message.id + ":c"));
  if (message.attachments.length) {
    const files = element("div", "attachments");
    message.attachments.forEach((attachment, index) => files.append(drawAttachment(attachment, message.id + ":a" + index)));
    box.append(files);
  }
  message.embeds.forEach((embed, index) => box.append(drawEmbed(embed, message.id + ":e" + index)));
  if (message.components.length) {
    const parts = element("div", "components");
    message.components.forEach((component, index) => parts.append(drawComponent(component, message, message.id + ":k" + index)));
    box.append(parts);
  }
  if (message.ephemeral) {
    const note = element("div", "ephemeral-note", "👁 Only you can see this · ");
    const dismiss = element("button", "dismiss", "Dismiss message");
    dismiss.type = "button";
    dismiss.addEventListener("click", () => { page.dismissed.add(message.id); box.remove(); });
    note.append(dismiss);
    box.append(note);
  }
  return box;
}

function drawAttachment(attachment, key) {
  if (!attachment.image) {
    const link = element("a", "file", "📄 " + attachment.filename);
    link.href = attachment.url;
    link.download = attachment.filename;
    return link;
  }
  const image = element("img", "attachment");
  image.src = attachment.url;
  image.alt = attachment.description || attachment.filename;
  image.title = attachment.description;
  if (!attachment.filename.startsWith("SPOILER_")) return image;
  const wrapper = element("div", "spoiler-image" + (page.revealed.has(key) ? " revealed" : ""));
  wrapper.dataset.key = key;
  wrapper.append(image);
  return wrapper;
}

function drawEmbed(embed, key) {
  const box = element("div", "embed");
  if (embed.color !== undefined && embed.color !== null) {
    box.style.borderLeftColor = "#" + Number(embed.color).toString(16).padStart(6, "0");
  }
  if (embed.thumbnail && embed.thumbnail.url) box.append(picture(embed.thumbnail.url, "thumbnail"));
  if (embed.author && embed.author.name) box.append(element("div", "embed-author", embed.author.name));
  if (embed.title) box.append(markdown(embed.title, "title", key + "t"));
  if (embed.description) box.append(markdown(embed.description, "content", key + "d"));
  if (embed.fields && embed.fields.length) {
    const fields = element("div", "fields");
    embed.fields.forEach((field, index) => {
      const cell = element("div", "field" + (field.inline ? " inline" : ""));
      cell.append(markdown(field.name, "field-name", key + "n" + index), markdown(field.value, "content", key + "v" + index));
      fields.append(cell);
    });
    box.append(fields);
  }
  if (embed.image && embed.image.url) {
    const holder = element("div", "image");
    holder.append(picture(embed.image.url, ""));
    box.append(holder);
  }
  if (embed.footer && embed.footer.text) box.append(element("div", "footer", embed.footer.text));
  return box;
}

// A picture the bot uploaded is served here; one elsewhere on the web is not fetched.
function picture(url, className) {
  if (!url.startsWith("/attachments/")) return element("span", "blocked", "(a picture from the web, not loaded here)");
  const image = element("img", className);
  image.src = url;
  return image;
}

function drawComponent(component, message, key) {
  switch (component.type) {
    case 1: {  // action row
      const row = element("div", "row");
      component.components.forEach((child, index) => row.append(drawComponent(child, message, key + "." + index)));
      return row;
    }
    case 2: return drawButton(component, message);
    case 3: case 5: case 6: case 7: case 8: return drawSelect(component, message);
    case 9: {  // section: text beside an accessory
      const section = element("div", "section");
      const texts = element("div", "texts");
      (component.components || []).forEach((child, index) => texts.append(drawComponent(child, message, key + "." + index)));
      section.append(texts);
      if (component.accessory) section.append(drawComponent(component.accessory, message, key + ".x"));
      return section;
    }
    case 10: return markdown(component.content || "", "text-display content", key);
    case 11: return picture((component.media || {}).url || "", "media");
    case 12: {
      const gallery = element("div", "media");
      for (const item of component.items || []) gallery.append(picture((item.media || {}).url || "", ""));
      return gallery;
    }
    case 13: {  // a file the bot uploaded: served here, like its pictures
      const url = (component.file || {}).url || "";
      const link = element("a", "file", "📄 " + (url.split("/").pop() || "file"));
      if (url.startsWith("/attachments/")) link.href = url;
      return link;
    }
    case 14: return element("hr");
    case 17: {
      const container = element("div", "container");
      if (component.accent_color) container.style.borderLeftColor = "#" + component.accent_color.toString(16).padStart(6, "0");
      (component.components || []).forEach((child, index) => container.append(drawComponent(child, message, key + "." + index)));
      return container;
    }
    default: return element("span", "blocked", "(a component the playground does not draw: type " + component.type + ")");
  }
}

function drawButton(component, message) {
  const text = [(component.emoji && component.emoji.name) || "", component.label || ""].join(" ").trim();
  if (component.style === 5) {  // a link: Discord asks before leaving, so does this
    if (!webUrl(component.url)) return element("span", "blocked", text + " (a link that is not to a web page)");
    const link = element("a", "component", text + " ↗");
    link.href = component.url;
    link.target = "_blank";
    link.rel = "noreferrer noopener";
    return link;
  }
  const button = element("button", "component style-" + component.style, text);
  button.type = "button";
  button.disabled = Boolean(component.disabled);
  button.dataset.customId = component.custom_id;
  button.addEventListener("click", () => act("/api/button", { message: message.id, custom_id: component.custom_id }));
  return button;
}

function drawSelect(component, message) {
  const select = element("select", "component");
  select.disabled = Boolean(component.disabled);
  select.multiple = (component.max_values || 1) > 1;
  const placeholder = element("option", "", component.placeholder || "Make a selection");
  placeholder.value = "";
  placeholder.disabled = true;
  placeholder.selected = true;
  select.append(placeholder);
  const choices = component.type === 3 ? component.options.map((o) => [o.value, o.label])
    : component.type === 8 ? page.state.channels.map((c) => [c.id, "#" + c.name])
    : page.state.members.map((m) => [m.id, m.name]);
  for (const [value, label] of choices) {
    const option = element("option", "", label);
    option.value = value;
    select.append(option);
  }
  select.addEventListener("change", () => {
    const values = [...select.selectedOptions].map((o) => o.value).filter(Boolean);
    act("/api/select", { message: message.id, custom_id: component.custom_id, values });
  });
  return select;
}

function onMessagesClick(event) {
  const hidden = event.target.closest(".spoiler:not(.revealed), .spoiler-image:not(.revealed)");
  if (!hidden) return;
  hidden.classList.add("revealed");
  page.revealed.add(hidden.dataset.key);
}

// --- Discord's markdown, drawn safely: the text is escaped before any of it becomes markup ----

// A link goes only to a web page: never javascript:, data: or another scheme.
function webUrl(url) {
  return typeof url === "string" && /^https?:\/\//i.test(url) ? url : null;
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function markdown(text, className, key) {
  const box = element("div", className);
  const kept = [];
  const keep = (html) => { kept.push(html); return "\u0000" + (kept.length - 1) + "\u0000"; };
  let html = escapeHtml(text);
  html = html.replace(/```(?:[a-z0-9+-]*\n)?([\s\S]*?)```/g, (_, code) => keep("<pre>" + code.replace(/\n$/, "") + "</pre>"));
  html = html.replace(/`([^`\n]+)`/g, (_, code) => keep("<code>" + code + "</code>"));
  // Links before mentions, so that nothing drawn later lands inside the href; the address is
  // escaped text already (no quote or angle bracket can close the attribute).
  html = html.replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s\u0000]+)\)/g, (_, label, url) => keep('<a href="' + url + '" target="_blank" rel="noreferrer noopener">' + label + "</a>"));
  // A command mention, </name sub:id>, is drawn as the command, as Discord draws it.
  html = html.replace(/&lt;\/([-_\p{L}\p{N} ]{1,100}):(\d+)&gt;/gu, (_, name) => keep('<span class="mention command">/' + name + "</span>"));
  html = html.replace(/&lt;@!?(\d+)&gt;/g, (_, id) => keep('<span class="mention">@' + escapeHtml(page.state.users[id] || "unknown") + "</span>"));
  html = html.replace(/&lt;#(\d+)&gt;/g, (_, id) => {
    const channel = [...page.state.channels, ...page.threads].find((c) => c.id === id);
    return keep('<span class="mention">#' + escapeHtml(channel ? channel.name : "unknown") + "</span>");
  });
  // A relative time ("in 8 seconds") keeps counting, as in Discord: see tickRelativeTimes.
  html = html.replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, seconds, style) => keep('<span class="timestamp"' + (style === "R" ? ' data-relative="' + seconds + '"' : "") + ">" + escapeHtml(timestamp(Number(seconds), style || "f")) + "</span>"));
  html = html.replace(/^-# (.*)$/gm, '<span class="subtext">$1</span>');
  html = html.replace(/^### (.*)$/gm, "<h3>$1</h3>").replace(/^## (.*)$/gm, "<h2>$1</h2>").replace(/^# (.*)$/gm, "<h1>$1</h1>");
  html = html.replace(/^&gt; (.*)$/gm, "<blockquote>$1</blockquote>");
  html = html.replace(/\*\*([\s\S]+?)\*\*/g, "<strong>$1</strong>");
  html = html.replace(/__([\s\S]+?)__/g, "<u>$1</u>");
  html = html.replace(/~~([\s\S]+?)~~/g, "<s>$1</s>");
  html = html.replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?!\w)/g, "$1<em>$2</em>");
  html = html.replace(/(^|[^\w])_(?!\s)([^_\n]+?)_(?!\w)/g, "$1<em>$2</em>");
  let spoilers = 0;
  // Spoilers last, around whatever they hide (a code block too); restored pieces inside them.
  html = html.replace(/\|\|([\s\S]+?)\|\|/g, (_, hidden) => {
    const spoilerKey = key + "s" + spoilers++;
    const open = page.revealed.has(spoilerKey) ? " revealed" : "";
    return '<span class="spoiler' + open + '" data-key="' + spoilerKey + '"><span>' + hidden + "</span></span>";
  });
  for (let round = 0; round < 3; round++) html = html.replace(/\u0000(\d+)\u0000/g, (_, index) => kept[Number(index)]);
  box.innerHTML = html;
  return box;
}

function timestamp(seconds, style) {
  const moment = new Date(seconds * 1000);
  if (style === "R") {
    const difference = (moment.getTime() - botNow().getTime()) / 1000;
    const units = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
    const [unit, size] = units.find(([, size]) => Math.abs(difference) >= size) || ["second", 1];
    return new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(Math.round(difference / size), unit);
  }
  const formats = {
    t: { timeStyle: "short" }, T: { timeStyle: "medium" }, d: { dateStyle: "short" },
    D: { dateStyle: "long" }, f: { dateStyle: "long", timeStyle: "short" }, F: { dateStyle: "full", timeStyle: "short" },
  };
  return moment.toLocaleString("en-GB", { ...formats[style], timeZone: "UTC" }) + " UTC";
}

// --- the composer -----------------------------------------------------------------------------

let suggestTimer = null;
let suggestAsked = 0;
let active = -1;

function askSuggestionsSoon() {
  clearTimeout(suggestTimer);
  suggestTimer = setTimeout(askSuggestions, 120);
}

async function askSuggestions() {
  const text = $("command").value;
  const asked = ++suggestAsked;
  if (!text.startsWith("/")) { drawSuggestions([]); return; }
  const data = await api("/api/suggest", { member: page.member, channel: page.channel, text });
  if (asked !== suggestAsked) return;  // the member typed on meanwhile
  drawSuggestions(data.suggestions || []);
}

function drawSuggestions(suggestions) {
  const list = $("suggestions");
  active = -1;
  list.replaceChildren(...suggestions.map((suggestion) => {
    const item = element("li", "suggestion");
    item.setAttribute("role", "option");
    item.dataset.text = suggestion.text;
    item.append(element("span", "label", suggestion.label), element("span", "description", suggestion.description));
    item.addEventListener("mousedown", (event) => { event.preventDefault(); choose(suggestion.text); });
    return item;
  }));
  list.hidden = suggestions.length === 0;
}

function choose(text) {
  $("command").value = text;
  $("command").focus();
  drawSuggestions([]);
  askSuggestionsSoon();
}

function onComposerKey(event) {
  const items = [...$("suggestions").children];
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    if (!items.length) return;
    event.preventDefault();
    active = (active + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
    items.forEach((item, index) => item.classList.toggle("active", index === active));
    items[active].scrollIntoView({ block: "nearest" });
  } else if (event.key === "Tab" && items.length) {
    event.preventDefault();
    choose(items[Math.max(active, 0)].dataset.text);
  } else if (event.key === "Enter" && active >= 0 && items[active]) {
    event.preventDefault();
    choose(items[active].dataset.text);
  } else if (event.key === "Escape") {
    drawSuggestions([]);
  }
}

function showError(message) {
  const box = $("composer-error");
  box.textContent = message || "";
  box.hidden = !message;
}

async function sendCommand() {
  const text = $("command").value.trim();
  if (!text) return;
  suggestAsked += 1;
  drawSuggestions([]);
  const attachment = page.attachment ? page.attachment.id : undefined;
  const outcome = await act("/api/command", { text, attachment });
  if (!outcome.error) { $("command").value = ""; setAttachment(null); }
}

// A picked file is uploaded at once, as Discord's client uploads it before the command is
// sent; the command then carries its id (the server fills the command's file option).
async function uploadPicked() {
  const file = $("attach").files[0];
  $("attach").value = "";
  if (!file) return;
  showError("");
  const query = new URLSearchParams({ filename: file.name, type: file.type });
  const response = await fetch("/api/upload?" + query, {
    method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file,
  });
  const outcome = await response.json();
  if (outcome.error) { showError(outcome.error); return; }
  setAttachment(outcome);
  $("command").focus();
}

function setAttachment(attachment) {
  page.attachment = attachment;
  $("attached").hidden = !attachment;
  $("attached-name").textContent = attachment
    ? "📎 " + attachment.filename + " (" + (attachment.size / 1024).toFixed(0) + " kB)" : "";
}

// Send what the member did; open the text box the bot answered with, or say what went wrong.
async function act(path, body) {
  showError("");
  const outcome = await api(path, { member: page.member, channel: page.channel, ...body });
  if (outcome.error) showError(outcome.error);
  if (outcome.modal) openModal(outcome.modal, outcome.interaction);
  return outcome;
}

// --- text boxes (modals) ----------------------------------------------------------------------

function openModal(modal, interaction) {
  page.modal = interaction;
  $("modal-title").textContent = modal.title;
  $("modal-error").hidden = true;
  const fields = $("modal-fields");
  fields.replaceChildren();
  for (const row of modal.components) {
    if (row.type === 18) fields.append(...drawInput(row.component, row.label, row.description));
    else if (row.type === 1) for (const input of row.components) fields.append(...drawInput(input, input.label, ""));
    else if (row.type === 10) fields.append(markdown(row.content || "", "content", "modal"));
  }
  $("modal").showModal();
  const first = fields.querySelector("input, textarea");
  if (first) first.focus();
}

function drawInput(input, labelText, description) {
  const label = element("label", "", labelText || input.custom_id);
  const box = element(input.style === 2 ? "textarea" : "input", "modal-input");
  box.id = "modal-input-" + input.custom_id;
  box.name = input.custom_id;
  label.htmlFor = box.id;
  if (input.placeholder) box.placeholder = input.placeholder;
  if (input.value) box.value = input.value;
  if (input.max_length) box.maxLength = input.max_length;
  if (input.min_length) box.minLength = input.min_length;
  box.required = input.required !== false;
  const parts = [label];
  if (description) parts.push(element("div", "description", description));
  parts.push(box);
  return parts;
}

async function submitModal() {
  const fields = {};
  for (const box of $("modal-fields").querySelectorAll(".modal-input")) fields[box.name] = box.value;
  const outcome = await api("/api/modal", { member: page.member, interaction: page.modal, fields });
  if (outcome.error) {
    $("modal-error").textContent = outcome.error;
    $("modal-error").hidden = false;
    return;
  }
  closeModal();
  if (outcome.modal) openModal(outcome.modal, outcome.interaction);
}

function closeModal() {
  page.modal = null;
  $("modal").close();
  $("command").focus();  // typing goes on in the composer, as in Discord
}

// --- the clock --------------------------------------------------------------------------------

function setClock(iso) {
  page.clockOffset = new Date(iso).getTime() - Date.now();
  showNow();
}

function botNow() {
  return new Date(Date.now() + page.clockOffset);
}

function tickRelativeTimes() {
  for (const span of document.querySelectorAll(".timestamp[data-relative]")) {
    span.textContent = timestamp(Number(span.dataset.relative), "R");
  }
}

function showNow() {
  tickRelativeTimes();
  $("now").textContent = botNow().toLocaleString("en-GB", {
    weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC",
  }) + " UTC";
}

async function moveClock(action) {
  const buttons = [$("clock-next-post"), $("clock-end-day")];
  buttons.forEach((button) => { button.disabled = true; });
  $("clock-note").textContent = "Moving the clock…";
  try {
    const outcome = await api("/api/clock", { action });
    $("clock-note").textContent = outcome.note || outcome.error;
    if (outcome.now) setClock(outcome.now);
  } finally {
    buttons.forEach((button) => { button.disabled = false; });
  }
}

start();
