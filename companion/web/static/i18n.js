// English and German; the browser's language by default, switchable and remembered.
const STRINGS = {
  en: {
    title: "Shadows companion", find: "Find a card", create: "New game", edition: "Edition", mode: "Mode",
    advisory: "advisory (record and flag)", strict: "strict (refuse illegal moves)", seats: "Players (one per line)",
    start: "Create game", myShadows: "My shadows", myHand: "My hand", myPlay: "My cards in play", opponent: "Opponent",
    shadows: "Shadows", inPlay: "In play", dead: "Dead pile", discard: "Discard pile", uniques: "Unique cards in play",
    log: "Log", gold: "Gold", round: "Round", phase: "Phase", undo: "Undo", nextPhase: "Next phase",
    deck: "My deck", deckHelp: "Paste a ThronesDB decklist (text export or JSON)", setDeck: "Use this deck",
    rounds: n => n === 1 ? "1 round" : `${n} rounds`, empty: "nothing", hand: "in hand", cardsLeft: "cards in deck",
    legal: "legal", illegal: "illegal", close: "Close", spectator: "spectator", judge: "judge", host: "host",
    seat: "seat", actionsFor: "Actions", flagged: "Flagged", recorded: "Recorded", hiddenDetails: "details hidden",
    joinLinks: "Join links", joinHelp: "Each player scans their own code with their phone. Keep these private.",
    judgeLink: "Judge link", hostNote: "This page keeps the links on this device only.", connected: "live",
    disconnected: "reconnecting…", openGame: "Open table view", income: "Income", noKey: "You watch as a spectator.",
    kneel: "kneeling", opponentShadowsHelp: "Face down: only its owner sees it.", language: "DE",
    exportLog: "Download the verified table log",
    savedDecks: "Decks saved on this phone", deckTag: "Label tag (3 characters on your printed labels, optional)",
    newLink: "New link (lost phone)", newLinkConfirm: "Make a new link for this seat? The old one stops working.",
    passShadows: "Pass: bring nothing out of Shadows this phase",
    scan: "Scan a card", takePhoto: "Take a photo", liveCamera: "Live camera", scanning: "Reading…", noCode: "No label found.",
    act: {
      setup_into_shadows: "Set up into shadows (2)", setup_place: "Set up face up", marshal_into_shadows: "Marshal into shadows (2 gold)",
      marshal: "Marshal", play_event: "Play event", bring_out: "Bring out of shadows", play_event_from_shadows: "Play event from shadows",
      put_into_play_from_shadows: "Put into play (card effect, no cost)", put_into_shadows: "Put into shadows (effect)",
      discard: "Discard", return_to_hand: "Return to hand", kill: "Kill", kneel: "Kneel", stand: "Stand",
      place_tokens: "Place token", remove_tokens: "Remove token", take_control: "Take control", begin_phase: "Phase begins",
      gain_gold: "Gain gold", spend_gold: "Spend gold", collect_income: "Collect income", draw: "Draw",
      return_unspent_gold: "Return unspent gold", control_reverts: "Control reverts", leave_play: "Leave play",
      pass_shadows: "Pass (Shadows)", set_first_player: "First player", set_active_player: "Active player", undo: "Undo",
    },
    types: { character: "character", location: "location", attachment: "attachment", event: "event" },
    phases: { setup: "setup", plot: "plot", draw: "draw", marshaling: "marshaling", challenges: "challenges",
              dominance: "dominance", standing: "standing", taxation: "taxation" },
  },
  de: {
    title: "Schatten-Begleiter", find: "Karte suchen", create: "Neues Spiel", edition: "Edition", mode: "Modus",
    advisory: "beratend (aufzeichnen und markieren)", strict: "streng (Regelverstöße ablehnen)", seats: "Spieler (einer pro Zeile)",
    start: "Spiel anlegen", myShadows: "Meine Schatten", myHand: "Meine Hand", myPlay: "Meine Karten im Spiel", opponent: "Gegner",
    shadows: "Schatten", inPlay: "Im Spiel", dead: "Totenstapel", discard: "Ablagestapel", uniques: "Einzigartige Karten im Spiel",
    log: "Protokoll", gold: "Gold", round: "Runde", phase: "Phase", undo: "Rückgängig", nextPhase: "Nächste Phase",
    deck: "Mein Deck", deckHelp: "ThronesDB-Deckliste einfügen (Textexport oder JSON)", setDeck: "Dieses Deck verwenden",
    rounds: n => n === 1 ? "1 Runde" : `${n} Runden`, empty: "nichts", hand: "auf der Hand", cardsLeft: "Karten im Deck",
    legal: "regelkonform", illegal: "regelwidrig", close: "Schließen", spectator: "Zuschauer", judge: "Schiedsrichter", host: "Gastgeber",
    seat: "Platz", actionsFor: "Aktionen", flagged: "Markiert", recorded: "Aufgezeichnet", hiddenDetails: "Details verborgen",
    joinLinks: "Beitritts-Links", joinHelp: "Jeder Spieler scannt seinen eigenen Code mit dem Handy. Geheim halten.",
    judgeLink: "Schiedsrichter-Link", hostNote: "Diese Seite speichert die Links nur auf diesem Gerät.", connected: "live",
    disconnected: "verbinde neu…", openGame: "Tischansicht öffnen", income: "Einkommen", noKey: "Du schaust als Zuschauer zu.",
    kneel: "gekniet", opponentShadowsHelp: "Verdeckt: nur sein Besitzer sieht sie.", language: "EN",
    exportLog: "Geprüftes Tischprotokoll herunterladen",
    savedDecks: "Auf diesem Handy gespeicherte Decks", deckTag: "Etikett-Kürzel (3 Zeichen auf deinen Etiketten, optional)",
    newLink: "Neuer Link (Handy verloren)", newLinkConfirm: "Neuen Link für diesen Platz erzeugen? Der alte gilt dann nicht mehr.",
    passShadows: "Passen: in dieser Phase nichts aus den Schatten holen",
    scan: "Karte scannen", takePhoto: "Foto aufnehmen", liveCamera: "Live-Kamera", scanning: "Lese…", noCode: "Kein Etikett gefunden.",
    act: {
      setup_into_shadows: "Beim Aufbau in die Schatten (2)", setup_place: "Beim Aufbau offen legen", marshal_into_shadows: "In die Schatten aufmarschieren (2 Gold)",
      marshal: "Aufmarschieren", play_event: "Ereignis spielen", bring_out: "Aus den Schatten holen", play_event_from_shadows: "Ereignis aus den Schatten spielen",
      put_into_play_from_shadows: "Ins Spiel bringen (Effekt, ohne Kosten)", put_into_shadows: "In die Schatten legen (Effekt)",
      discard: "Ablegen", return_to_hand: "Auf die Hand", kill: "Töten", kneel: "Knien", stand: "Aufrichten",
      place_tokens: "Marker legen", remove_tokens: "Marker entfernen", take_control: "Kontrolle übernehmen", begin_phase: "Phase beginnt",
      gain_gold: "Gold erhalten", spend_gold: "Gold ausgeben", collect_income: "Einkommen", draw: "Ziehen",
      return_unspent_gold: "Gold zurückgeben", control_reverts: "Kontrolle zurück", leave_play: "Spiel verlassen",
      pass_shadows: "Passen (Schatten)", set_first_player: "Startspieler", set_active_player: "Aktiver Spieler", undo: "Rückgängig",
    },
    types: { character: "Charakter", location: "Ort", attachment: "Verstärkung", event: "Ereignis" },
    phases: { setup: "Spielaufbau", plot: "Intrigenphase", draw: "Ziehphase", marshaling: "Aufmarschphase", challenges: "Herausforderungsphase",
              dominance: "Vorherrschaftsphase", standing: "Auffrischungsphase", taxation: "Steuerphase" },
  },
};
let LANG = localStorage.getItem("companion:lang") || ((navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en");
function t(key, ...args) { const v = STRINGS[LANG][key] ?? STRINGS.en[key] ?? key; return typeof v === "function" ? v(...args) : v; }
function actName(type) { return STRINGS[LANG].act[type] || type; }
function typeName(x) { return STRINGS[LANG].types[x] || x; }
function phaseName(p) { return STRINGS[LANG].phases[p] || p; }
function msg(obj) { return LANG === "de" ? (obj.message_de || obj.message) : obj.message; }
function applyStrings() {
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-t]").forEach(e => { e.textContent = t(e.dataset.t); });
  document.querySelectorAll("[data-tp]").forEach(e => { e.placeholder = t(e.dataset.tp); });
}
function toggleLanguage() { LANG = LANG === "de" ? "en" : "de"; localStorage.setItem("companion:lang", LANG); applyStrings(); if (window.render) window.render(); }
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}
