// Sample sea articles for the development seed; src/seed/sampleArticles.ts gives them their category and the
// fields left out their defaults (SAMPLE_DEFAULTS).
import type { SampleInput } from "../sampleArticles.js";

export const seaArticles: SampleInput[] = [
  {
    title: "Carrier Strike Group Enters Eastern Mediterranean as Regional Tensions Rise",
    slug: "carrier-strike-group-enters-eastern-mediterranean-as-regional-tensions-rise",
    excerpt: "A U.S. aircraft carrier and its escorts have moved into the eastern Mediterranean, officials said, in what the Pentagon described as a deterrence and force-protection measure.",
    content: `A U.S. Navy carrier strike group has entered the eastern Mediterranean, defence officials confirmed on Wednesday, as Washington seeks to reassure allies and deter escalation following a series of incidents in the region.

The strike group includes a nuclear-powered aircraft carrier, a guided-missile cruiser and several guided-missile destroyers, along with an embarked air wing of fighters, electronic-attack aircraft and airborne early-warning aircraft. A fast-attack submarine is also believed to be operating with the group, though the Navy does not comment on submarine movements.

**What officials have said:**

- The move is "defensive in nature" and intended to protect U.S. forces and partners
- The strike group will conduct exercises with allied navies while in the region
- No change to the overall U.S. force posture in Europe has been announced

A Pentagon spokesperson said the deployment had been prepared "as one of several options" and was approved after consultations with allies. The decision follows heightened alert levels among forces in the region and a rise in drone and missile activity reported by several governments.

The Mediterranean has seen periodic surges of U.S. naval presence over the past several years, often in response to crises in the Middle East. Carrier deployments are expensive and put strain on the Navy's maintenance schedules, and analysts note that keeping a carrier in the region for an extended period can reduce availability elsewhere, including in the Indo-Pacific.

Allied navies, including those of France, Italy and Greece, routinely operate in the area and are expected to coordinate with the strike group. This is a developing story and will be updated as more information becomes available. More [naval coverage](/category/sea).`,
    isBreaking: true,
    hoursAgo: 0.2,
  },
  {
    title: "NATO Steps Up Baltic Sea Patrols After Damage to Undersea Power Cable",
    slug: "nato-steps-up-baltic-sea-patrols-after-damage-to-undersea-power-cable",
    excerpt: "Allied warships and maritime patrol aircraft are being redirected to the Baltic after a subsea power cable between two member states was damaged overnight.",
    content: `NATO is increasing naval and air patrols in the Baltic Sea after an undersea power cable linking two member states was damaged overnight, alliance officials said. National authorities are investigating whether a merchant vessel dragged its anchor across the seabed, a pattern seen in several earlier incidents.

## What happened

The operator of the interconnector reported a sudden loss of transmission shortly after midnight local time. Power supplies to consumers were not interrupted, as grid operators were able to reroute electricity, but repairs are expected to take several weeks. Coast guard vessels were dispatched to the area, and authorities have asked a cargo ship that passed over the cable route to proceed to a nearby port for inspection.

## The alliance response

Under the Baltic Sentry mission, launched to protect critical undersea infrastructure, NATO can draw on frigates, mine countermeasures vessels, maritime patrol aircraft and a growing fleet of naval drones. Officials said additional assets would be assigned to the area in the coming days.

### Assets being redirected

- Two frigates from Standing NATO Maritime Group 1
- Maritime patrol aircraft operating from bases around the Baltic
- Uncrewed surface vessels equipped with cameras and sonar
- Coast guard and police boats from the coastal states

> "We cannot put a warship on every metre of cable," a NATO maritime official said. "What we can do is watch the ships that pass over them, and make clear that we are watching."

## Legal grey zones

Investigators face a familiar problem. Even where an anchor-dragging incident appears deliberate, proving intent is difficult, and international law limits what coastal states can do to vessels in their exclusive economic zones. Several governments have called for tougher rules on inspecting ships with poor safety records or opaque ownership, including tankers associated with the so-called shadow fleet carrying sanctioned oil.

## What's next?

The investigation is expected to take weeks. Meanwhile, grid operators are reviewing contingency plans, and the European Union is considering funding for repair vessels and spare cable stocks. Read more on [security and critical infrastructure](/category/security).`,
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    isBreaking: true,
    hoursAgo: 6,
  },
  {
    title: "Royal Navy's First Type 26 Frigate Heads to Sea for Trials",
    slug: "royal-navys-first-type-26-frigate-heads-to-sea-for-trials",
    excerpt: "HMS Glasgow has sailed from the Clyde to begin contractor sea trials, a milestone for the ships that will replace the Royal Navy's ageing Type 23 anti-submarine frigates.",
    content: `The Royal Navy's first Type 26 City-class frigate, HMS Glasgow, has left the River Clyde to begin contractor sea trials, a milestone for a programme that has faced years of delays but is central to the UK's anti-submarine warfare capability in the North Atlantic.

## A ship built for quiet hunting

The Type 26 has been designed from the outset for anti-submarine warfare. Its hull and machinery are acoustically isolated to reduce radiated noise, allowing its towed sonar array to detect quiet submarines at long range. The ship also has a flexible mission bay that can host boats, uncrewed vehicles or containerised equipment.

**Key features include:**

- Sonar 2087 towed array and a bow-mounted sonar
- Sea Ceptor air-defence missiles
- A Mk 41 vertical launch system for strike and other missiles
- A flight deck and hangar for a Merlin or Wildcat helicopter
- A core crew of around 157, with accommodation for additional personnel

## Trials programme

During the initial trials, builder BAE Systems and Royal Navy personnel will test propulsion, steering, navigation and power generation before the ship returns to the yard for further work. Weapons and combat system trials will follow after delivery to the Navy.

## Budget & schedule

The UK has ordered eight Type 26 frigates, all being built in Glasgow. The programme's costs have risen over time, and the first ship's entry into service has slipped from the early 2020s. Defence officials now expect HMS Glasgow to become operational later this decade, with the remaining ships following at intervals of roughly one per year.

The design has also found export success. Australia is building a variant as the Hunter class, and Canada selected it as the basis for its River-class destroyers, giving the design a significant role in allied navies.

## What's next?

After contractor trials, the ship will undergo a period of fit-out and further testing before formal handover. For related coverage, see our [naval section](/category/sea).`,
    contentTier: "detailed_report",
    author: "James Okafor",
    imageUrl: "/images/sample/frigate.svg",
    imageAlt: "Illustration of a grey naval frigate at sea with a helicopter deck at the stern",
    hoursAgo: 50,
  },
  {
    title: "Deep Water, Thin Margins: Can the Submarine Industrial Base Deliver Two Boats a Year?",
    slug: "deep-water-thin-margins-can-the-submarine-industrial-base-deliver-two-boats-a-year",
    excerpt: "The U.S. Navy wants two Virginia-class attack submarines a year plus Columbia-class ballistic missile boats. Shipyards are delivering far fewer. A look at labour, suppliers and money.",
    content: `The U.S. Navy's submarine force is the most technologically advanced in the world, and perhaps its most strained. For years the service has set a goal of building two Virginia-class attack submarines per year alongside one Columbia-class ballistic missile submarine, a combined workload shipbuilders describe as "2+1". Actual output has been closer to 1.2 attack boats a year. This analysis looks at why, and what it would take to close the gap.

## Why the number matters

Attack submarines are among the most valuable assets in any potential conflict in the Indo-Pacific. They can operate in contested waters where surface ships face high risk from missiles, and they carry torpedoes, anti-ship missiles and land-attack cruise missiles. The attack submarine fleet is expected to shrink in the coming years as older Los Angeles-class boats retire faster than new Virginia-class boats arrive.

The AUKUS agreement adds further pressure. Under the plan, the United States will sell several Virginia-class submarines to Australia in the 2030s, which requires the industrial base to produce enough boats for both navies.

## Where the bottleneck lies

### Labour

The two shipyards that build nuclear submarines, General Dynamics Electric Boat and HII's Newport News Shipbuilding, have hired thousands of workers in recent years. But average experience levels have fallen, and attrition among new hires is high. A submarine welder or pipefitter can take years to become fully productive.

### Suppliers

Perhaps more worrying is the supplier base. Many components, including castings, forgings, valves, pumps and electrical equipment, come from small firms, some of them the sole qualified source. Late parts have been a leading cause of schedule slips.

### Maintenance competes with construction

Public naval shipyards responsible for maintaining submarines face their own backlogs, which means boats spend more time waiting for maintenance than planned. That reduces the number of submarines available for deployment even when new boats are delivered.

## Money is necessary, not sufficient

Congress and the Navy have invested billions of dollars in the submarine industrial base through dedicated funding lines supporting workforce training, supplier development and new facilities. Australia has also agreed to contribute funding to the U.S. industrial base as part of AUKUS.

> "You can't buy your way out of a skills shortage overnight," a former Navy acquisition official told this publication. "The money buys you the possibility of recovery in five years, not next year."

## Three scenarios

1. **Recovery:** workforce and supplier investments mature, and output reaches two attack boats a year around 2030.
2. **Plateau:** output rises modestly to around 1.5 boats a year, and the fleet shrinks before it recovers.
3. **Prioritisation:** the Navy protects the Columbia programme at the expense of attack submarines and delays some Virginia-class boats.

Most analysts view the plateau scenario as the most likely in the near term, with recovery possible later if investments are sustained across several budget cycles.

## What to watch

- Delivery times for boats currently under construction
- Hiring and retention data at the two shipyards
- Whether Congress funds two attack submarines in upcoming budgets
- Progress on AUKUS milestones, including Australian investment in U.S. facilities

The submarine industrial base is a reminder that military power depends not just on platforms but on the factories, workers and suppliers behind them. For more, see our [naval coverage](/category/sea) and [analysis section](/category/analysis).`,
    contentTier: "premium_analysis",
    author: "Rachel Moreau",
    isPremium: true,
    hoursAgo: 160,
  },
  {
    title: "Navy Uncrewed Surface Vessels Complete Month-Long Fleet Experiment in the Pacific",
    slug: "navy-uncrewed-surface-vessels-complete-month-long-fleet-experiment-in-the-pacific",
    excerpt: "Medium uncrewed surface vessels sailed alongside destroyers for a month, testing autonomy, communications and how small crews can supervise robotic ships at sea.",
    content: `A group of medium uncrewed surface vessels (USVs) has completed a month-long fleet experiment in the Pacific, operating alongside crewed destroyers and maritime patrol aircraft to test how robotic ships can extend the reach of a surface action group.

The vessels, which range from converted commercial hulls to purpose-built prototypes, carried sensor payloads and communications relays. Throughout the experiment, a small team of operators aboard a destroyer and at a shore-based control centre supervised the vessels' autonomous navigation and sensor tasking.

**Objectives of the experiment:**

- Test collision avoidance in busy shipping lanes under the international rules of the road
- Extend the group's sensor coverage with remotely operated radar and electronic-support payloads
- Evaluate maintenance needs during long periods without a crew aboard
- Refine tactics for using uncrewed vessels as decoys and forward scouts

Navy officials said the vessels sailed several thousand nautical miles with limited human intervention. Mechanical reliability remained the most significant challenge, particularly for engines and generators that would normally be tended by sailors.

The experiment is part of a broader effort to build a hybrid fleet mixing crewed and uncrewed platforms. Supporters say USVs could provide more sensors and missile cells at lower cost while reducing risk to sailors. Sceptics in Congress have pressed the Navy to prove reliability before committing to large purchases, and previous budgets restricted procurement until key tests were completed.

The Navy said data from the experiment will feed into upcoming acquisition decisions for medium and large USVs. Allied navies, including those of Australia and the United Kingdom, observed parts of the event and are pursuing similar programmes of their own.`,
    author: "Tom Becker",
    hoursAgo: 480,
  },
  {
    title: "Frigate Programme Review: Navy Weighs Design Changes After Cost Growth",
    slug: "frigate-programme-review-navy-weighs-design-changes-after-cost-growth",
    excerpt: "An internal review is examining whether design changes and schedule delays justify restructuring the Navy's new guided-missile frigate programme.",
    content: `The U.S. Navy is conducting an internal review of its new guided-missile frigate programme after design changes and supplier delays pushed the lead ship's delivery back by several years, according to officials familiar with the discussions.

The frigate was intended to be based on a proven European design to reduce risk. Over time, however, the Navy introduced numerous changes to meet its own survivability and habitability standards, and the share of design commonality with the parent ship fell significantly. Each change rippled through the ship's weight, power and cooling budgets.

**Questions under review:**

- Whether the design is mature enough to continue construction at the planned pace
- How much additional funding would be needed to complete the first ships
- Whether a smaller buy, or a different design, would better meet fleet needs

Shipyard officials have pointed to workforce shortages and late delivery of government-furnished equipment as contributing factors. The Navy has said it is working with the builder to stabilise the schedule and remains committed to adding small surface combatants to the fleet.

Lawmakers have asked for a detailed briefing before the next budget markup. Some have questioned whether the service should continue construction only once the design is fully complete, a practice that shipbuilding experts have long recommended but that the Navy has often bypassed to save time.

Former programme officials say the frigate's difficulties echo earlier shipbuilding programmes in which concurrency between design and construction drove up costs. They caution that restructuring now would also carry costs, including further delays to a fleet that needs more hulls.

*Editor's note: figures and sourcing to be confirmed before publication.*`,
    author: "James Okafor",
    status: "draft",
    hoursAgo: 1,
  },
];
