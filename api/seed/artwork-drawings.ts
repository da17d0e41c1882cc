import { type Colours, type Drawing, INK, METAL, mix, polar, r1 } from "./artwork-kit";

/**
 * The product drawings of the seeded catalogue's artwork, one per kind (a family's `art` in
 * families.ts), drawn on a 600×600 canvas in the colours of a palette; artwork.ts frames them in
 * the gallery's views.
 */

function tee(c: Colours, collar: string): string {
  return (
    `<path d="M232 140 L272 124 Q300 140 328 124 L368 140 L462 196 L428 268 L388 250 L390 472 Q300 484 210 472 L212 250 L172 268 L138 196 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M150 190 L184 262 M450 190 L416 262" stroke="${c.dark}" stroke-width="3" opacity=".5"/>` +
    `<path d="M214 456 Q300 468 388 456" fill="none" stroke="${c.dark}" stroke-width="3" opacity=".5"/>` +
    collar
  );
}

export const DRAWINGS: Record<string, Drawing> = {
  tshirt: {
    label: "t-shirt",
    focus: [300, 220],
    zoom: 1.7,
    base: 484,
    draw: (c) =>
      tee(
        c,
        `<path d="M272 124 Q300 166 328 124" fill="none" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>`,
      ) +
      `<rect x="213" y="300" width="176" height="22" fill="${c.accent}" opacity=".85"/>` +
      `<circle cx="340" cy="205" r="14" fill="${c.accent}"/>`,
  },
  polo: {
    label: "polo t-shirt",
    focus: [300, 180],
    zoom: 1.7,
    base: 484,
    draw: (c) =>
      tee(
        c,
        `<rect x="291" y="150" width="18" height="82" rx="4" fill="${c.dark}" opacity=".3"/>` +
          `<circle cx="300" cy="180" r="4.5" fill="${c.pale}"/><circle cx="300" cy="208" r="4.5" fill="${c.pale}"/>` +
          `<path d="M270 122 L300 168 L282 184 L252 136 Z" fill="${c.light}" stroke="${c.dark}" stroke-width="4" stroke-linejoin="round"/>` +
          `<path d="M330 122 L300 168 L318 184 L348 136 Z" fill="${c.light}" stroke="${c.dark}" stroke-width="4" stroke-linejoin="round"/>`,
      ) + `<path d="M342 214 l10 -12 l10 12 z" fill="${c.accent}"/>`,
  },
  jeans: {
    label: "jeans",
    focus: [300, 180],
    zoom: 1.7,
    base: 490,
    draw: (c) => {
      const stitch = `fill="none" stroke="#d9a441" stroke-width="2.5" stroke-dasharray="6 4"`;
      return (
        `<path d="M200 144 L400 144 L420 490 L322 490 L300 250 L278 490 L180 490 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="4" stroke-linejoin="round"/>` +
        `<rect x="198" y="110" width="204" height="36" rx="4" fill="${c.dark}"/>` +
        `<rect x="226" y="104" width="9" height="46" rx="2" fill="${c.main}"/><rect x="365" y="104" width="9" height="46" rx="2" fill="${c.main}"/>` +
        `<circle cx="300" cy="128" r="7" fill="#d9a441"/>` +
        `<path d="M300 146 L300 250" stroke="${c.dark}" stroke-width="3"/><path d="M306 150 Q322 200 302 236" ${stitch}/>` +
        `<path d="M210 152 Q240 196 266 152" ${stitch}/><path d="M334 152 Q360 196 390 152" ${stitch}/>` +
        `<path d="M184 474 L277 474" ${stitch}/><path d="M323 474 L416 474" ${stitch}/>` +
        `<path d="M228 300 Q240 380 232 440" fill="none" stroke="${c.light}" stroke-width="10" opacity=".35" stroke-linecap="round"/>`
      );
    },
  },
  sneaker: {
    label: "sneaker",
    focus: [300, 320],
    zoom: 1.7,
    base: 446,
    draw: (c) =>
      `<path d="M130 400 L470 400 Q490 400 488 420 L486 432 Q484 446 466 446 L140 446 Q122 446 122 428 L122 410 Q122 400 130 400 Z" fill="#f7f5f0" stroke="${c.dark}" stroke-width="4"/>` +
      `<path d="M126 423 L486 423" stroke="${c.dark}" stroke-width="2" opacity=".4"/>` +
      `<path d="M140 400 L140 300 Q140 262 178 256 L222 250 L236 232 L264 244 Q330 282 380 318 Q450 340 478 372 Q490 392 478 400 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M140 300 Q140 262 178 256 L186 306 Q160 320 140 330 Z" fill="${c.dark}" opacity=".45"/>` +
      `<path d="M182 256 Q202 244 222 250" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M196 382 Q300 330 420 334" fill="none" stroke="${c.accent}" stroke-width="16" stroke-linecap="round"/>` +
      `<path d="M262 262 L286 248 M282 276 L306 262 M302 290 L326 276 M322 304 L346 290" stroke="${c.pale}" stroke-width="6" stroke-linecap="round"/>`,
  },
  derby: {
    label: "leather shoe",
    focus: [300, 340],
    zoom: 1.7,
    base: 448,
    draw: (c) =>
      `<rect x="142" y="404" width="72" height="44" rx="5" fill="#2a1d16"/>` +
      `<path d="M140 410 L480 410 Q500 410 496 424 Q492 436 470 436 L150 436 Q136 436 136 424 Z" fill="#3b2a20"/>` +
      `<path d="M146 410 L146 330 Q150 300 190 296 L250 300 Q300 318 350 330 Q440 346 484 392 Q492 404 480 410 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M146 404 L482 404" stroke="${c.dark}" stroke-width="2" stroke-dasharray="4 4"/>` +
      `<path d="M236 300 Q262 360 330 366" fill="none" stroke="${c.dark}" stroke-width="4"/>` +
      `<path d="M262 312 L290 322 M276 326 L304 330 M256 324 L296 312 M270 336 L308 322" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="M380 350 Q430 360 462 388" fill="none" stroke="#ffffff" stroke-width="7" opacity=".35" stroke-linecap="round"/>`,
  },
  backpack: {
    label: "backpack",
    focus: [300, 300],
    zoom: 1.7,
    base: 470,
    draw: (c) =>
      `<path d="M262 156 Q300 104 338 156" fill="none" stroke="${c.dark}" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M214 190 Q186 320 214 452 M386 190 Q414 320 386 452" fill="none" stroke="${c.dark}" stroke-width="18" stroke-linecap="round"/>` +
      `<rect x="200" y="150" width="200" height="320" rx="60" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<path d="M214 250 Q300 170 386 250" fill="none" stroke="${c.dark}" stroke-width="4"/>` +
      `<rect x="282" y="266" width="36" height="24" rx="6" fill="${c.accent}"/>` +
      `<rect x="228" y="318" width="144" height="124" rx="32" fill="${c.light}" stroke="${c.dark}" stroke-width="4"/>` +
      `<path d="M242 344 L358 344" stroke="${c.dark}" stroke-width="3"/><rect x="342" y="344" width="9" height="24" rx="3" fill="${c.accent}"/>`,
  },
  messenger: {
    label: "laptop bag",
    focus: [300, 330],
    zoom: 1.7,
    base: 450,
    draw: (c) =>
      `<path d="M180 250 Q300 70 420 250" fill="none" stroke="${c.dark}" stroke-width="12" stroke-linecap="round"/>` +
      `<rect x="150" y="230" width="300" height="220" rx="20" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<path d="M150 252 Q150 230 172 230 L428 230 Q450 230 450 252 L450 350 Q300 380 150 350 Z" fill="${c.light}" stroke="${c.dark}" stroke-width="4" stroke-linejoin="round"/>` +
      `<rect x="212" y="336" width="22" height="34" rx="4" fill="${c.accent}" stroke="${c.dark}" stroke-width="3"/>` +
      `<rect x="366" y="336" width="22" height="34" rx="4" fill="${c.accent}" stroke="${c.dark}" stroke-width="3"/>` +
      `<path d="M170 424 L430 424" stroke="${c.dark}" stroke-width="2" stroke-dasharray="6 5" opacity=".6"/>`,
  },
  duffel: {
    label: "gym bag",
    focus: [300, 300],
    zoom: 1.7,
    base: 420,
    draw: (c) =>
      `<path d="M236 236 Q300 140 364 236" fill="none" stroke="${c.dark}" stroke-width="14" stroke-linecap="round"/>` +
      `<rect x="130" y="230" width="340" height="190" rx="90" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<rect x="136" y="330" width="328" height="26" fill="${c.accent}"/>` +
      `<ellipse cx="166" cy="325" rx="22" ry="80" fill="${c.dark}" opacity=".25"/><ellipse cx="434" cy="325" rx="22" ry="80" fill="${c.dark}" opacity=".25"/>` +
      `<path d="M196 244 Q300 226 404 244" fill="none" stroke="${c.dark}" stroke-width="4"/>` +
      `<rect x="270" y="280" width="60" height="28" rx="6" fill="${c.pale}"/>`,
  },
  pouch: {
    label: "vanity pouch",
    focus: [300, 300],
    zoom: 1.7,
    base: 450,
    draw: (c) => {
      let dots = "";
      for (let y = 302; y <= 422; y += 40) {
        for (let x = 214; x <= 390; x += 44)
          dots += `<circle cx="${x + ((y - 302) % 80 === 0 ? 0 : 22)}" cy="${y}" r="7"/>`;
      }
      return (
        `<path d="M170 300 Q108 330 150 384" fill="none" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>` +
        `<path d="M170 260 Q170 230 200 230 L400 230 Q430 230 430 260 L450 420 Q452 450 420 450 L180 450 Q148 450 150 420 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5" stroke-linejoin="round"/>` +
        `<g fill="${c.light}">${dots}</g>` +
        `<path d="M182 258 L418 258" stroke="${c.dark}" stroke-width="7" stroke-dasharray="3 3"/>` +
        `<path d="M398 258 L416 300" stroke="${c.accent}" stroke-width="6" stroke-linecap="round"/><circle cx="418" cy="306" r="9" fill="${c.accent}"/>`
      );
    },
  },
  watch: {
    label: "analog watch",
    focus: [300, 300],
    zoom: 1.7,
    base: 496,
    draw: (c) => {
      let marks = "";
      for (let h = 0; h < 12; h++) {
        const [x1, y1] = polar(300, 300, h % 3 === 0 ? 60 : 66, h * 30);
        const [x2, y2] = polar(300, 300, 74, h * 30);
        marks += `<path d="M${x1} ${y1} L${x2} ${y2}"/>`;
      }
      const [hx, hy] = polar(300, 300, 42, 305);
      const [mx, my] = polar(300, 300, 62, 60);
      const [sx, sy] = polar(300, 300, 68, 200);
      return (
        `<rect x="255" y="104" width="90" height="156" rx="16" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>` +
        `<rect x="255" y="340" width="90" height="156" rx="16" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>` +
        `<g fill="${c.dark}"><circle cx="300" cy="420" r="5"/><circle cx="300" cy="445" r="5"/><circle cx="300" cy="470" r="5"/></g>` +
        `<rect x="390" y="286" width="24" height="28" rx="5" fill="#a9adb3" stroke="#8a8f96" stroke-width="2"/>` +
        `<circle cx="300" cy="300" r="96" fill="${METAL}" stroke="#8a8f96" stroke-width="6"/>` +
        `<circle cx="300" cy="300" r="80" fill="${c.pale}"/>` +
        `<g stroke="${INK}" stroke-width="4" stroke-linecap="round">${marks}</g>` +
        `<path d="M300 300 L${hx} ${hy}" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>` +
        `<path d="M300 300 L${mx} ${my}" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>` +
        `<path d="M300 300 L${sx} ${sy}" stroke="${c.accent === "#ffffff" ? c.dark : c.accent}" stroke-width="2.5" stroke-linecap="round"/>` +
        `<circle cx="300" cy="300" r="7" fill="${INK}"/>`
      );
    },
  },
  smartwatch: {
    label: "smartwatch",
    focus: [300, 300],
    zoom: 1.7,
    base: 500,
    draw: (c, uid) => {
      const ring = (radius: number, colour: string, fraction: number) => {
        const length = r1(2 * Math.PI * radius);
        return (
          `<circle cx="300" cy="300" r="${radius}" fill="none" stroke="${colour}" stroke-width="10" opacity=".25"/>` +
          `<circle cx="300" cy="300" r="${radius}" fill="none" stroke="${colour}" stroke-width="10" stroke-linecap="round" stroke-dasharray="${r1(length * fraction)} ${length}" transform="rotate(-90 300 300)"/>`
        );
      };
      return (
        `<defs><linearGradient id="${uid}s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3d45"/><stop offset="1" stop-color="#15161a"/></linearGradient></defs>` +
        `<rect x="250" y="100" width="100" height="150" rx="30" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>` +
        `<rect x="250" y="350" width="100" height="150" rx="30" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>` +
        `<rect x="376" y="262" width="18" height="40" rx="8" fill="#8a8f96"/>` +
        `<rect x="216" y="206" width="168" height="188" rx="46" fill="url(#${uid}s)" stroke="#8a8f96" stroke-width="5"/>` +
        `<rect x="232" y="222" width="136" height="156" rx="34" fill="#0b0c0e"/>` +
        ring(52, "#ff4d6d", 0.78) +
        ring(38, "#a7f432", 0.6) +
        ring(24, "#3ad3f0", 0.9)
      );
    },
  },
  headphones: {
    label: "headphones",
    focus: [300, 330],
    zoom: 1.5,
    base: 462,
    draw: (c) =>
      `<path d="M190 330 Q190 150 300 150 Q410 150 410 330" fill="none" stroke="${c.main}" stroke-width="26" stroke-linecap="round"/>` +
      `<path d="M214 300 Q214 178 300 178 Q386 178 386 300" fill="none" stroke="${c.dark}" stroke-width="8" opacity=".5"/>` +
      `<rect x="178" y="286" width="24" height="60" rx="6" fill="#b9bcc2"/><rect x="398" y="286" width="24" height="60" rx="6" fill="#b9bcc2"/>` +
      `<rect x="146" y="318" width="84" height="144" rx="42" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<rect x="370" y="318" width="84" height="144" rx="42" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<rect x="214" y="330" width="28" height="120" rx="14" fill="${c.dark}"/><rect x="358" y="330" width="28" height="120" rx="14" fill="${c.dark}"/>` +
      `<circle cx="186" cy="390" r="13" fill="${c.accent}"/><circle cx="414" cy="390" r="13" fill="${c.accent}"/>`,
  },
  earbuds: {
    label: "wireless earbuds",
    focus: [300, 330],
    zoom: 1.7,
    base: 440,
    draw: (c) => {
      const bud = (x: number, y: number, tilt: number) =>
        `<g transform="rotate(${tilt} ${x} ${y})">` +
        `<rect x="${x - 11}" y="${y + 10}" width="22" height="86" rx="11" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>` +
        `<circle cx="${x}" cy="${y}" r="32" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>` +
        `<ellipse cx="${x - 18}" cy="${y - 14}" rx="14" ry="11" fill="${c.dark}"/></g>`;
      return (
        `<rect x="200" y="270" width="200" height="170" rx="70" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
        `<path d="M204 326 L396 326" stroke="${c.dark}" stroke-width="3"/>` +
        `<rect x="286" y="318" width="28" height="10" rx="4" fill="${c.dark}" opacity=".6"/>` +
        `<circle cx="300" cy="392" r="6" fill="${c.accent === "#ffffff" ? "#7be07b" : c.accent}"/>` +
        bud(180, 170, -18) +
        bud(420, 170, 18)
      );
    },
  },
  neckband: {
    label: "neckband earphones",
    focus: [300, 220],
    zoom: 1.45,
    base: 451,
    draw: (c) =>
      `<path d="M170 210 Q170 420 300 440 Q430 420 430 210" fill="none" stroke="${c.main}" stroke-width="22" stroke-linecap="round"/>` +
      `<path d="M170 210 Q170 420 300 440 Q430 420 430 210" fill="none" stroke="${c.dark}" stroke-width="3" opacity=".4"/>` +
      `<path d="M170 200 Q150 140 210 124 M430 200 Q450 140 390 124" fill="none" stroke="${INK}" stroke-width="4"/>` +
      `<rect x="148" y="196" width="44" height="116" rx="20" fill="${c.dark}"/><rect x="408" y="196" width="44" height="116" rx="20" fill="${c.dark}"/>` +
      `<rect x="420" y="240" width="20" height="40" rx="8" fill="${c.accent}"/>` +
      `<circle cx="214" cy="120" r="24" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/><circle cx="386" cy="120" r="24" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>`,
  },
  speaker: {
    label: "Bluetooth speaker",
    focus: [300, 305],
    zoom: 1.7,
    base: 390,
    draw: (c, uid) =>
      `<defs><pattern id="${uid}m" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.4" fill="${c.dark}"/></pattern></defs>` +
      `<path d="M140 290 Q96 280 108 236" fill="none" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>` +
      `<rect x="130" y="220" width="340" height="170" rx="85" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<rect x="196" y="230" width="208" height="150" fill="url(#${uid}m)" opacity=".55"/>` +
      `<circle cx="176" cy="305" r="50" fill="${c.dark}"/><circle cx="176" cy="305" r="30" fill="${c.light}" opacity=".7"/>` +
      `<circle cx="424" cy="305" r="50" fill="${c.dark}"/><circle cx="424" cy="305" r="30" fill="${c.light}" opacity=".7"/>` +
      `<rect x="268" y="292" width="64" height="26" rx="7" fill="${c.accent}"/>`,
  },
  soundbar: {
    label: "soundbar",
    focus: [300, 330],
    zoom: 1.3,
    base: 496,
    draw: (c, uid) =>
      `<defs><pattern id="${uid}m" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="2" fill="${c.dark}"/></pattern></defs>` +
      `<rect x="80" y="210" width="440" height="76" rx="32" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<rect x="110" y="220" width="380" height="56" rx="20" fill="url(#${uid}m)" opacity=".6"/>` +
      `<circle cx="300" cy="248" r="6" fill="${c.accent}"/>` +
      `<rect x="360" y="320" width="136" height="176" rx="18" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<circle cx="428" cy="408" r="48" fill="${c.dark}"/><circle cx="428" cy="408" r="22" fill="${c.light}" opacity=".7"/>`,
  },
  powerbank: {
    label: "power bank",
    focus: [300, 300],
    zoom: 1.7,
    base: 510,
    draw: (c) =>
      `<path d="M305 440 Q305 506 390 506 Q468 506 460 426" fill="none" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>` +
      `<rect x="448" y="382" width="24" height="46" rx="6" fill="${METAL}" stroke="${c.dark}" stroke-width="3"/>` +
      `<rect x="230" y="150" width="150" height="290" rx="28" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<rect x="346" y="160" width="22" height="270" rx="11" fill="${c.dark}" opacity=".2"/>` +
      `<rect x="262" y="190" width="86" height="14" rx="7" fill="${c.light}"/>` +
      `<g fill="${c.accent === "#ffffff" ? "#7be07b" : c.accent}"><circle cx="270" cy="400" r="6"/><circle cx="290" cy="400" r="6"/><circle cx="310" cy="400" r="6"/></g>` +
      `<circle cx="330" cy="400" r="6" fill="${c.dark}" opacity=".5"/>`,
  },
  charger: {
    label: "charger",
    focus: [300, 260],
    zoom: 1.7,
    base: 478,
    draw: (c) =>
      `<path d="M300 372 Q300 474 206 474 Q132 474 150 402" fill="none" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>` +
      `<rect x="136" y="364" width="28" height="44" rx="7" fill="${METAL}" stroke="${c.dark}" stroke-width="3"/>` +
      `<rect x="256" y="136" width="20" height="70" rx="10" fill="${METAL}" stroke="#8a8f96" stroke-width="3"/>` +
      `<rect x="324" y="136" width="20" height="70" rx="10" fill="${METAL}" stroke="#8a8f96" stroke-width="3"/>` +
      `<rect x="210" y="196" width="180" height="176" rx="30" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>` +
      `<path d="M312 226 L278 290 L304 290 L292 340 L334 270 L306 270 Z" fill="${c.accent}" stroke="${c.dark}" stroke-width="2" stroke-linejoin="round"/>`,
  },
  tv: {
    label: "smart TV",
    focus: [300, 290],
    zoom: 1.35,
    base: 470,
    draw: (c, uid) =>
      `<defs><linearGradient id="${uid}k" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.main}"/><stop offset="1" stop-color="${c.pale}"/></linearGradient></defs>` +
      `<rect x="272" y="428" width="56" height="30" fill="${INK}"/><rect x="212" y="456" width="176" height="14" rx="7" fill="${INK}"/>` +
      `<rect x="66" y="126" width="468" height="306" rx="12" fill="#17181c"/>` +
      `<rect x="78" y="138" width="444" height="274" fill="url(#${uid}k)"/>` +
      `<circle cx="410" cy="214" r="36" fill="${c.accent}"/>` +
      `<path d="M78 340 Q180 250 280 328 Q380 262 522 314 L522 412 L78 412 Z" fill="${c.dark}"/>` +
      `<path d="M78 378 Q200 326 320 372 Q420 344 522 370 L522 412 L78 412 Z" fill="${mix(c.dark, INK, 0.5)}"/>` +
      `<path d="M78 138 L210 138 L126 412 L78 412 Z" fill="#ffffff" opacity=".07"/>` +
      `<rect x="286" y="420" width="28" height="4" rx="2" fill="#555a62"/>`,
  },
  lamp: {
    label: "table lamp",
    focus: [300, 250],
    zoom: 1.45,
    base: 468,
    draw: (c, uid) =>
      `<defs><radialGradient id="${uid}g"><stop offset="0" stop-color="#fff3c4" stop-opacity=".9"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient></defs>` +
      `<circle cx="300" cy="250" r="170" fill="url(#${uid}g)"/>` +
      `<rect x="292" y="286" width="16" height="134" fill="#b08d57"/>` +
      `<ellipse cx="300" cy="442" rx="90" ry="26" fill="${c.dark}"/><ellipse cx="300" cy="430" rx="90" ry="26" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>` +
      `<circle cx="352" cy="430" r="7" fill="${c.accent}"/>` +
      `<path d="M220 150 L380 150 L430 290 L170 290 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5" stroke-linejoin="round"/>` +
      `<path d="M209 182 L391 182" stroke="${c.light}" stroke-width="7"/><path d="M181 262 L419 262" stroke="${c.accent}" stroke-width="7" opacity=".8"/>`,
  },
  cushion: {
    label: "cushion",
    focus: [300, 300],
    zoom: 1.7,
    base: 452,
    draw: (c) => {
      const outline = "M160 170 Q300 140 440 170 Q470 300 440 430 Q300 460 160 430 Q130 300 160 170 Z";
      const corners = [
        [212, 216],
        [388, 216],
        [212, 384],
        [388, 384],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="13"/>`)
        .join("");
      return (
        `<path d="${outline}" fill="${c.main}" stroke="${c.dark}" stroke-width="6" stroke-linejoin="round"/>` +
        `<path d="${outline}" transform="translate(300 300) scale(.86) translate(-300 -300)" fill="none" stroke="${c.light}" stroke-width="3" stroke-dasharray="8 6"/>` +
        `<path d="M300 222 L378 300 L300 378 L222 300 Z" fill="${c.accent}"/>` +
        `<path d="M300 252 L348 300 L300 348 L252 300 Z" fill="${c.main}"/>` +
        `<circle cx="300" cy="300" r="18" fill="${c.light}"/>` +
        `<g fill="${c.accent}">${corners}</g>`
      );
    },
  },
  frame: {
    label: "framed wall art",
    focus: [300, 330],
    zoom: 1.7,
    base: 502,
    hangs: true,
    draw: (c) =>
      `<path d="M196 146 L300 94 L404 146" fill="none" stroke="#7a6a55" stroke-width="3"/><circle cx="300" cy="94" r="7" fill="#555a62"/>` +
      `<rect x="158" y="138" width="284" height="364" fill="#5b3a24"/><rect x="166" y="146" width="268" height="348" fill="none" stroke="#7b5236" stroke-width="4"/>` +
      `<rect x="180" y="160" width="240" height="320" fill="#faf7f0"/>` +
      `<rect x="204" y="184" width="192" height="272" fill="${c.pale}"/>` +
      `<circle cx="334" cy="258" r="34" fill="${c.accent}"/>` +
      `<path d="M204 404 L266 300 L314 366 L348 326 L396 404 Z" fill="${c.main}"/>` +
      `<path d="M204 456 L204 414 Q260 384 300 414 Q350 444 396 404 L396 456 Z" fill="${c.dark}"/>`,
  },
};
