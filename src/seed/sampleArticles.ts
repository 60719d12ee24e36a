/**
 * Sample articles for the development seed: fictional but plausible defense journalism.
 * Markdown bodies are written flush-left inside template literals.
 */
export interface SampleArticle {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: "land" | "sea" | "air" | "intelligence" | "security" | "politics" | "analysis";
  contentTier: "news_brief" | "detailed_report" | "premium_analysis";
  /** null = staff byline */
  author: string | null;
  imageUrl: string | null;
  imageAlt: string | null;
  isBreaking: boolean;
  isPremium: boolean;
  status: "published" | "draft" | "archived";
  /** publishedAt = now - hoursAgo hours; negative means scheduled in the future */
  hoursAgo: number;
}

export const sampleArticles: SampleArticle[] = [
  // ---------------------------------------------------------------- land
  {
    title: "Army Awards $1.2 Billion Low-Rate Production Contract for Armored Reconnaissance Vehicle",
    slug: "army-awards-12-billion-low-rate-production-contract-for-armored-reconnaissance-vehicle",
    excerpt: "The award moves the long-delayed programme from prototyping to the factory floor, covering the first 112 vehicles plus spares, training devices and initial logistics support.",
    content: `The U.S. Army has awarded a $1.2 billion low-rate initial production (LRIP) contract for its Armored Reconnaissance Vehicle, moving the long-delayed programme out of testing and onto the factory floor. The award, announced late on Tuesday, covers the first 112 vehicles plus spares, training devices and initial logistics support.

## Contract details

The contract went to Meridian Land Systems, which beat two rival teams in a competitive prototyping phase that ran for almost three years. Options in the agreement could raise the total value to roughly $3.4 billion if the Army exercises follow-on lots through the end of the decade.

### What the Army is buying

- A tracked, 38-tonne vehicle with a crew of three and space for a four-soldier scout team
- A remotely operated 30mm turret with an integrated launcher for loitering munitions
- A mast-mounted sensor suite combining thermal imaging, laser designation and a short-range radar
- An open electronic architecture intended to accept new sensors without major redesign

**Initial operational capability** is planned for the first cavalry squadron roughly 30 months after contract award.

## Why it matters

Armored reconnaissance has been a recognised gap in the Army's heavy brigades since the retirement of dedicated scout vehicles, with units relying on modified infantry fighting vehicles instead. Lessons from the war in Ukraine, where small drones and artillery punish anything that lingers in the open, pushed the service to emphasise signature management and unmanned teaming in its requirements.

> "This vehicle is designed to find the enemy first and let sensors, not soldiers, make the first contact," the programme manager said in a statement. "Production is where we prove we can deliver that at scale."

## Cost, schedule and risk

Government auditors have flagged software integration as the main schedule risk. The vehicle's mission system shares code with other Army platforms, and a delay in one programme can ripple into the others. The Army says it has funded an additional integration laboratory to reduce that exposure, and that the contract includes incentives tied to reliability growth during early production.

## What's next?

Initial operational testing is scheduled to begin next year at a major Army training centre, followed by a full-rate production decision in 2028 if the vehicle meets its reliability targets. Lawmakers are expected to review the programme during the next budget cycle. See more of our [land warfare coverage](/category/land).`,
    category: "land",
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: "/images/sample/tank.svg",
    imageAlt: "Illustration of a tracked armored vehicle with a turret crossing open terrain",
    isBreaking: true,
    isPremium: false,
    status: "published",
    hoursAgo: 1.5,
  },
  {
    title: "Fire at Army Ammunition Plant Halts 155mm Shell Production Line",
    slug: "fire-at-army-ammunition-plant-halts-155mm-shell-production-line",
    excerpt: "No injuries were reported after a fire broke out in a metal parts building at the Ridgeway Army Ammunition Plant, pausing one of the lines central to the Army's artillery surge.",
    content: `A fire broke out overnight in a metal parts forging building at the government-owned, contractor-operated Ridgeway Army Ammunition Plant, forcing a temporary halt to one of the production lines that make 155mm artillery shell bodies. Plant officials said all personnel were evacuated and **no injuries were reported**.

Local fire crews, supported by the plant's own emergency team, brought the blaze under control within about three hours. The cause is under investigation, but an initial assessment suggests the fire started in a hydraulic system serving one of the forging presses rather than in an area where energetic materials are stored.

**What we know so far:**

- The affected building produces empty shell bodies; no explosives are handled there
- Two other forging lines at the site continue to operate
- Army Contracting Command has been notified and is assessing schedule impacts

The incident comes at a sensitive moment. The Army has been working to raise monthly 155mm output as part of a multiyear effort to rebuild stockpiles drawn down by deliveries to Ukraine and to meet its own training and war-reserve needs. Forging capacity has been one of several bottlenecks, alongside explosive fill and propellant production.

An Army Materiel Command spokesperson said it was "too early to estimate" how long the line would be offline, but that the service had "built redundancy into the industrial base precisely for events like this." Shell bodies from other suppliers could partially offset the lost output while repairs are made.

Congressional staff on the armed services committees have requested a briefing on the incident, according to two people familiar with the matter. Further updates are expected once the investigation team completes its initial site survey later this week.`,
    category: "land",
    contentTier: "news_brief",
    author: null,
    imageUrl: null,
    imageAlt: null,
    isBreaking: true,
    isPremium: false,
    status: "published",
    hoursAgo: 11,
  },
  {
    title: "Poland Receives Latest Batch of K2 Tanks as Local Production Plans Take Shape",
    slug: "poland-receives-latest-batch-of-k2-tanks-as-local-production-plans-take-shape",
    excerpt: "The delivery brings Poland's K2 fleet closer to equipping another armoured brigade, while Warsaw and Seoul work out how much of the follow-on order will be built in Poland.",
    content: `Poland's armed forces have taken delivery of another batch of K2 main battle tanks from South Korea, continuing a rapid rearmament drive that has made the country one of the largest buyers of land systems in Europe. The vehicles arrived by sea at the port of Gdynia before being moved by rail to units in the east of the country.

The K2, built by Hyundai Rotem, was selected in 2022 as part of a package of South Korean equipment that also included K9 self-propelled howitzers and FA-50 light combat aircraft. The first executive contract covered 180 tanks in their Korean configuration; a second contract covers further vehicles and a transition to a Polish variant, designated **K2PL**, with upgraded armour and an active protection system.

### Local production

The most closely watched part of the programme is the planned transfer of production to Poland. Under the framework agreement, Polish state-owned defence group PGZ is expected to assemble a growing share of K2PL tanks domestically. Officials on both sides describe the negotiations as constructive but complex, covering:

1. The share of components to be manufactured locally
2. Licences for the fire-control system and powerpack
3. Export rights for tanks produced in Poland

Polish defence officials have said the goal is to build a sustainable domestic tank industry rather than simply assemble kits. Industry analysts caution that the timelines are ambitious given the need to train workers and qualify new suppliers.

Poland also operates American M1A2 Abrams tanks and older Leopard 2 variants, making its armoured force one of the most diverse in NATO. Military planners acknowledge that the mix complicates logistics and training, but argue that it reduces reliance on any single supplier at a time of high demand for armoured vehicles across the alliance.`,
    category: "land",
    contentTier: "news_brief",
    author: "Elena Varga",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 30,
  },
  {
    title: "Precision Strike Missile Hits Moving Maritime Target in Extended-Range Flight Test",
    slug: "precision-strike-missile-hits-moving-maritime-target-in-extended-range-flight-test",
    excerpt: "The Army says the test validated a new seeker and extended the missile's demonstrated range, a step toward using land-based launchers against ships in the Indo-Pacific.",
    content: `The U.S. Army has completed a flight test of its Precision Strike Missile (PrSM) in which the weapon struck a moving maritime target at what officials described as an extended range. The test, conducted at a Pacific test range, is part of an effort to give ground forces a meaningful role in sea denial.

PrSM, developed by Lockheed Martin, is replacing the Army Tactical Missile System (ATACMS) as the service's long-range surface-to-surface weapon. It is fired from the same HIMARS and M270 launchers, but each launcher pod carries two missiles instead of one.

**Key points from the test:**

- The missile used a multi-mode seeker intended to find and track ships
- Targeting data was passed from an off-board sensor through the Army's fires network
- Observers from the Marine Corps and allied partners attended the event

The maritime capability is central to the Army's multi-domain task forces, units that combine long-range fires, electronic warfare and intelligence assets. Several of these formations are expected to operate along the first island chain, where land-based missiles could complicate an adversary's naval operations.

Officials declined to give the exact range achieved, citing operational security, but said the shot exceeded the missile's initial baseline requirement of 499 kilometres.

The Army plans further tests with the new seeker over the next 18 months before fielding the capability in quantity. Budget documents show the service intends to buy several hundred missiles over the next five years, though final quantities will depend on congressional appropriations and production capacity.

Analysts say the key question is not the missile itself but the targeting chain that feeds it. "Hitting a ship at range is a sensor and communications problem as much as a missile problem," said a former Army fires officer. Finding, tracking and confirming a target at sea in the presence of jamming and decoys will test the Army's networks as much as its launchers.`,
    category: "land",
    contentTier: "news_brief",
    author: "Tom Becker",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 75,
  },
  {
    title: "European Artillery Shell Output Climbs, but Propellant Remains the Bottleneck",
    slug: "european-artillery-shell-output-climbs-but-propellant-remains-the-bottleneck",
    excerpt: "European manufacturers are producing far more 155mm ammunition than three years ago, yet nitrocellulose and explosives capacity still limit how fast output can grow.",
    content: `European defence manufacturers have significantly increased their production of 155mm artillery ammunition since 2022, according to figures compiled by industry associations and government officials. But the expansion is uneven, and the supply of **propellant and energetic materials** remains the single biggest constraint on further growth.

## From shells to charges

Producing a complete artillery round involves several distinct industrial steps: forging the steel body, filling it with high explosive, manufacturing fuzes, and producing the propellant charges that launch the projectile. Each step has its own supply chain and its own bottlenecks.

Shell-body production has proved the easiest to scale. Forging lines can be added relatively quickly, and several companies have converted existing metalworking capacity. Explosives and propellant are a different matter. They depend on chemicals such as nitrocellulose, which in turn depends on cotton linters or wood pulp, and on specialised plants that take years to permit and build.

### Where capacity is growing

- **Germany:** new lines for shells and charges, with Rheinmetall expanding at several sites
- **Nordic countries:** investment in nitrocellulose and powder production
- **France and Central Europe:** increased output of propellant modules and fuzes
- **United Kingdom:** refurbishment of legacy facilities and new contracts for shell filling

## The money question

The European Union has supported the ramp-up through its Act in Support of Ammunition Production (ASAP), which co-funds industrial projects alongside national contracts. Manufacturers have repeatedly said that long-term orders, rather than one-off grants, are what justify building new plants.

> "Nobody builds a propellant factory on the strength of a one-year contract," said an executive at a European ammunition company. "We need visibility to the end of the decade."

## What's next?

Officials expect European output to keep rising through next year, but warn that demand from Ukraine, from national stockpile rebuilding and from export customers will remain higher than supply for some time. For deeper context, read our [analysis coverage](/category/analysis) of the munitions gap.`,
    category: "land",
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 140,
  },
  {
    title: "German Brigade in Lithuania Expands as Barracks and Training Areas Take Shape",
    slug: "german-brigade-in-lithuania-expands-as-barracks-and-training-areas-take-shape",
    excerpt: "Germany's first permanently stationed brigade abroad since the Second World War is growing steadily, while Lithuania races to complete the infrastructure it promised to build.",
    content: `Germany's armoured brigade in Lithuania continues to grow as both countries push to reach full operational capability by 2027. Several hundred soldiers are already stationed in the country, and larger contingents of combat units are expected to arrive as new barracks are completed.

## A historic deployment

The brigade, Panzerbrigade 45, is the first German combat brigade permanently stationed outside the country's territory since the Second World War. When complete, it is expected to number around 4,800 soldiers and some 200 civilian staff, based mainly at Rūdninkai near Vilnius and Rukla near Kaunas.

Lithuania has committed to building the infrastructure, including:

1. Barracks and family housing for German personnel
2. Maintenance facilities for tanks and infantry fighting vehicles
3. Expanded training areas capable of hosting live-fire manoeuvres
4. Schools and medical services for families

## Challenges on the ground

Officials in both countries acknowledge that the schedule is tight. Construction prices have risen sharply, and demand for qualified contractors in the Baltic region is high as Estonia and Latvia also expand military facilities. German officials have worked to make postings to Lithuania attractive, offering allowances and support for families who relocate.

> "The brigade is not only a military unit, it is a political message," a Lithuanian defence official said. "It has to be visible, credible and permanent."

## Why it matters for NATO

The deployment is part of NATO's broader shift on its eastern flank from a tripwire posture toward forward defence, in which allied forces are positioned to defend territory from the outset of a conflict rather than retake it later. The brigade will be integrated into Lithuanian national defence plans and NATO's regional plans.

Debate continues in Berlin over how to fund the deployment over the long term, a discussion closely tied to the wider German defence budget. Follow our [politics coverage](/category/politics) for the budget negotiations.`,
    category: "land",
    contentTier: "detailed_report",
    author: "Elena Varga",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 260,
  },
  {
    title: "Marine Corps Tests Autonomous Resupply Vehicles During Coastal Exercise",
    slug: "marine-corps-tests-autonomous-resupply-vehicles-during-coastal-exercise",
    excerpt: "Unmanned ground vehicles and small cargo drones delivered fuel, water and ammunition to dispersed units during a week-long exercise simulating operations on a contested coastline.",
    content: `The U.S. Marine Corps has tested a mix of autonomous ground vehicles and cargo drones to resupply small, dispersed units during a coastal exercise, as the service looks for ways to sustain forces that may be operating within range of enemy missiles.

During the week-long event, Marine logistics units used optionally crewed tactical trucks and several types of vertical take-off cargo drones to move supplies between a simulated expeditionary advanced base and outlying positions. Loads included water, batteries, fuel bladders, medical supplies and small-arms ammunition.

**Findings highlighted by exercise planners:**

- Autonomous convoys reduced the number of Marines exposed on roads during daylight
- Cargo drones were most useful for urgent, low-weight items such as batteries and blood products
- Charging and refuelling the unmanned systems added a new logistics burden of its own
- Communications disruption remained the biggest operational risk

The Marine Corps' Force Design initiative envisions small teams spread across islands and coastlines, making traditional supply lines harder to maintain. Officials have repeatedly described logistics as the pacing function of that concept.

Exercise leaders said that while the technology performed largely as expected, the main lessons were about procedures: how to plan routes that avoid detection, how to prioritise loads when only a few drone sorties are available, and how to recover vehicles that break down in the field.

The data collected will inform requirements for future procurement, including a possible programme of record for medium-lift cargo drones. Budget constraints mean the service is likely to buy in modest quantities at first, officials said, expanding once operating concepts and maintenance support have matured.`,
    category: "land",
    contentTier: "news_brief",
    author: "James Okafor",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 410,
  },
  {
    title: "Army Outlines Modernization Priorities for the Coming Decade",
    slug: "army-outlines-modernization-priorities-for-the-coming-decade",
    excerpt: "Long-range fires, air and missile defence and networked command systems top a list of priorities presented to industry at an annual conference.",
    content: `The U.S. Army has presented its modernization priorities for the coming decade to industry representatives, highlighting long-range fires, integrated air and missile defence, and networked command and control as the areas most likely to receive new investment.

Speaking at an annual industry conference, senior Army acquisition officials said the service intends to concentrate resources on a smaller number of programmes and move faster on those it does fund. Several legacy upgrade efforts are expected to be curtailed or cancelled to free up money.

**Priorities presented to industry:**

1. Long-range precision fires, including missiles and extended-range artillery
2. Integrated air and missile defence against drones, cruise missiles and aircraft
3. A unified tactical network linking sensors, shooters and headquarters
4. Next-generation combat vehicles, with greater use of robotics
5. Soldier lethality, including new rifles, night-vision devices and training systems

Officials also emphasised the importance of software. The Army wants more programmes to adopt open architectures and continuous software updates, rather than large block upgrades delivered years apart. Industry representatives welcomed the direction but asked for clearer contracting models that reward rapid delivery.

Budget pressures loom over the plans. With personnel and operating costs rising, modernization accounts face competition from readiness and infrastructure spending. Analysts noted that previous modernization plans have often been scaled back once detailed budgets were drawn up.

The Army said it would publish more detailed roadmaps for each priority area over the coming months and hold follow-on sessions with industry to discuss requirements and timelines.

*This article has been archived and may not reflect subsequent decisions.*`,
    category: "land",
    contentTier: "news_brief",
    author: null,
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "archived",
    hoursAgo: 620,
  },
  // ---------------------------------------------------------------- sea
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
    category: "sea",
    contentTier: "news_brief",
    author: null,
    imageUrl: null,
    imageAlt: null,
    isBreaking: true,
    isPremium: false,
    status: "published",
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
    category: "sea",
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    imageUrl: null,
    imageAlt: null,
    isBreaking: true,
    isPremium: false,
    status: "published",
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
    category: "sea",
    contentTier: "detailed_report",
    author: "James Okafor",
    imageUrl: "/images/sample/frigate.svg",
    imageAlt: "Illustration of a grey naval frigate at sea with a helicopter deck at the stern",
    isBreaking: false,
    isPremium: false,
    status: "published",
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
    category: "sea",
    contentTier: "premium_analysis",
    author: "Rachel Moreau",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: true,
    status: "published",
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
    category: "sea",
    contentTier: "news_brief",
    author: "Tom Becker",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
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
    category: "sea",
    contentTier: "news_brief",
    author: "James Okafor",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "draft",
    hoursAgo: 1,
  },
  // ---------------------------------------------------------------- air
  {
    title: "Air Force Pauses Trainer Jet Flights After Ejection Seat Component Issue",
    slug: "air-force-pauses-trainer-jet-flights-after-ejection-seat-component-issue",
    excerpt: "Flights of part of the service's jet trainer fleet have been paused while maintainers inspect an ejection seat component, officials said. No accident has been reported.",
    content: `The U.S. Air Force has temporarily paused flight operations for part of its jet trainer fleet while maintainers inspect a component in the aircraft's ejection seats, the service said on Thursday. Officials stressed that the pause was **precautionary** and that no accident or injury had prompted it.

According to a statement from Air Education and Training Command, the issue was identified during routine maintenance, when technicians found a cartridge-actuated device that did not meet specifications. The component is part of the sequence that fires the seat and deploys the parachute in an emergency.

**What the pause means:**

- Affected aircraft will be inspected one by one and returned to flight once cleared
- Student pilots' training schedules will be adjusted, with more time in simulators
- Other aircraft types are not affected, though similar components are being reviewed

The Air Force has been grappling with a pilot shortage for years, and any interruption to undergraduate pilot training adds pressure on a pipeline already running below its targets. Officials said they expect most aircraft to return to flight within days, though the precise timeline depends on the supply of replacement parts.

Ejection seat issues have led to several fleet-wide inspections across U.S. and allied air forces in recent years, typically involving cartridges or other pyrotechnic components with limited shelf lives. Manufacturers and government agencies track these parts by lot number, which in many cases allows targeted inspections rather than fleet-wide groundings.

The service said it would provide further updates as inspections progress. Pilots and maintainers have been briefed, and the finding has been reported through the Air Force's safety reporting system so that other operators of similar seats can check their own inventories.`,
    category: "air",
    contentTier: "news_brief",
    author: null,
    imageUrl: null,
    imageAlt: null,
    isBreaking: true,
    isPremium: false,
    status: "published",
    hoursAgo: 3,
  },
  {
    title: "F-35 Deliveries Accelerate After Software Upgrade Clears Key Testing Hurdle",
    slug: "f-35-deliveries-accelerate-after-software-upgrade-clears-key-testing-hurdle",
    excerpt: "The delivery pace for the F-35 has picked up after the Technology Refresh 3 hardware and software package cleared a testing milestone, easing pressure on customers waiting for jets.",
    content: `Deliveries of F-35 fighters have picked up pace after the aircraft's latest hardware and software package cleared an important testing milestone, according to the Pentagon's F-35 Joint Program Office. The move eases a backlog of jets that had been built but could not be handed over to customers.

## The background

The programme held back most deliveries for an extended period because of delays in Technology Refresh 3 (TR-3), an upgrade to the jet's core processor, memory and display systems. TR-3 is the foundation for Block 4, a broader modernisation that adds new weapons, sensors and electronic-warfare capabilities. Jets produced with TR-3 hardware could not be delivered until the software was stable enough for training.

During the pause, completed aircraft were parked at Lockheed Martin's facility in Fort Worth, Texas, and at other locations. The government withheld part of the payment for each jet until the full TR-3 capability is delivered.

## What has changed

- A software build has been certified for training use by U.S. and international operators
- Delivered aircraft will receive further updates to unlock full combat capability
- The programme office says it is tracking remaining software deficiencies closely

> "Getting jets into the hands of the warfighter is the priority, but we will not accept aircraft that do not meet the standard we need," a programme office spokesperson said.

## Impact on international customers

Several allied air forces are awaiting aircraft for new squadrons. Delays have affected training plans and, in some cases, the retirement schedules of older fighters. European customers in particular have pressed for clarity as they replace ageing F-16s and F/A-18s, and some have adjusted pilot training pipelines to keep crews current while they wait.

## What's next?

The Government Accountability Office has warned that Block 4 remains behind schedule and over budget. Congress is expected to continue scrutinising the programme, including by tying some funding to progress on software. More [air power coverage](/category/air).`,
    category: "air",
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: "/images/sample/fighter.svg",
    imageAlt: "Illustration of a stealth fighter jet banking against a clear sky",
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 26,
  },
  {
    title: "Collaborative Combat Aircraft Prototypes Fly in Formation With Crewed Fighter",
    slug: "collaborative-combat-aircraft-prototypes-fly-in-formation-with-crewed-fighter",
    excerpt: "Two prototype uncrewed wingmen flew alongside a crewed fighter during a test in California, a milestone for the Air Force's effort to field large numbers of low-cost drones.",
    content: `The U.S. Air Force's Collaborative Combat Aircraft (CCA) programme has reached a new milestone, with two prototype uncrewed jets flying in formation with a crewed fighter during testing in California. The flight is a step toward fielding large numbers of relatively low-cost drones to work alongside fighters.

## A new kind of force structure

CCAs are intended to perform missions such as scouting, electronic attack, acting as decoys and carrying extra weapons for crewed fighters. The Air Force has said it could eventually buy more than 1,000 of them, though the final number depends on cost and on how well the concept performs in testing.

### Key design goals

- A unit cost that is a fraction of a modern fighter
- Autonomy software that allows one pilot to direct several aircraft
- Modular payloads that can be swapped depending on the mission
- Reduced maintenance and basing requirements

## How the test worked

During the flight, a pilot in a crewed fighter assigned tasks to the two prototypes, which then planned and executed their own flight paths within limits set by test engineers. Safety pilots on the ground monitored the aircraft and could intervene if needed.

> "The goal was not to show a drone can fly. We know that. It was to show the team can work together as a package," an Air Force test official said.

## Increment 1 and beyond

A production decision for Increment 1 aircraft is expected soon, with competing prototypes from Anduril and General Atomics. A second increment, with different capabilities and potentially more companies involved, is being planned. Several allied air forces are studying the concept and have expressed interest in cooperating.

## Open questions

Analysts note that important questions remain unresolved: how to protect data links from jamming, how much autonomy commanders will accept, and how to train pilots to lead a team of drones in combat. Budget pressures could also affect the pace of procurement.`,
    category: "air",
    contentTier: "detailed_report",
    author: "Priya Raman",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 90,
  },
  {
    title: "Sixth-Generation Fighters Compared: GCAP, FCAS and the U.S. Programmes at a Crossroads",
    slug: "sixth-generation-fighters-compared-gcap-fcas-and-the-us-programmes-at-a-crossroads",
    excerpt: "Three major efforts aim to field next-generation combat aircraft in the 2030s and 2040s. They differ sharply in industrial structure, cost-sharing and risk. A comparative look.",
    content: `Three major efforts are under way to develop the combat aircraft that will dominate the skies in the middle of this century: the Global Combat Air Programme (GCAP), led by the United Kingdom, Italy and Japan; the Future Combat Air System (FCAS, or SCAF in French), led by France, Germany and Spain; and the next-generation programmes of the U.S. Air Force and Navy. Each aims to field a new fighter as the centrepiece of a wider system of systems. Each faces different risks.

## At a glance

| Programme | Partners | Target in-service date | Industrial lead(s) | Main risk |
|---|---|---|---|---|
| GCAP | UK, Italy, Japan | 2035 | BAE Systems, Leonardo, Mitsubishi Heavy Industries | Funding stability and tri-national governance |
| FCAS / SCAF | France, Germany, Spain | 2040s | Dassault Aviation, Airbus | Workshare disputes and design leadership |
| F-47 | United States (Air Force) | 2030s | Boeing | Cost and competing budget priorities |
| F/A-XX | United States (Navy) | 2030s | Under competition | Funding and timing of the award |

## Common ambitions

Despite their differences, the programmes share many goals:

- **Range and payload** suited to large theatres such as the Pacific
- **Advanced signature management** across radar and infrared bands
- **Open mission systems** that can be updated quickly with new software
- **Teaming with uncrewed aircraft**, which take on some high-risk roles
- **Data fusion** that turns large volumes of sensor information into decisions for the pilot

## GCAP: speed through pragmatism

GCAP has moved quickly since Japan merged its F-X programme with the UK-Italian Tempest effort in 2022. The partners created an international government organisation and a joint industrial company to manage the programme. The main challenge is sustaining funding in three countries with competing priorities, and agreeing how to divide work and intellectual property fairly.

## FCAS: politics before engineering

FCAS has struggled with repeated disputes between France and Germany over workshare and leadership of the fighter design. The phased structure of the programme means each step requires fresh agreement between governments and industry. Supporters argue that, once resolved, the programme will give Europe a sovereign capability for decades; critics warn that delays could keep Rafale and Eurofighter fleets in service longer than planned.

## The United States: two services, two fighters

The Air Force selected Boeing for its F-47 after a long period of uncertainty about whether the programme would proceed at all. The Navy's F/A-XX faces its own funding and timing questions. Both services are counting on large numbers of uncrewed collaborative aircraft to complement a relatively small fleet of expensive crewed fighters.

> "The fighter is the visible tip of a much larger iceberg of sensors, networks and drones," a European air force officer said. "Whoever integrates the iceberg best wins, not whoever builds the best airframe."

## Cost, schedule and risk

Historical experience suggests that new combat aircraft rarely meet their original schedules and budgets, and the risk is higher when several nations share a programme. On the other hand, sharing costs makes aircraft affordable that no single European nation could fund alone.

## What to watch

1. Contract awards for the next design phases of GCAP and FCAS
2. Whether additional partners join either European programme
3. Progress of U.S. collaborative combat aircraft, which will shape requirements
4. Defence budget decisions in Berlin, Paris, London, Rome and Tokyo

Whichever programme flies first, the next generation of air power will be defined less by the fighter and more by the network it leads. Further reading: [air coverage](/category/air).`,
    category: "air",
    contentTier: "premium_analysis",
    author: "Rachel Moreau",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: true,
    status: "published",
    hoursAgo: 230,
  },
  {
    title: "Allied Jets Scramble Repeatedly in Busy Week for NATO Baltic Air Policing",
    slug: "allied-jets-scramble-repeatedly-in-busy-week-for-nato-baltic-air-policing",
    excerpt: "NATO fighters based in the Baltic states launched several times over the past week to identify military aircraft flying without transponders or flight plans, the alliance said.",
    content: `NATO fighter jets based in the Baltic states scrambled several times over the past week to identify and escort military aircraft flying near allied airspace, according to the alliance's Allied Air Command. In most cases the aircraft were flying in international airspace without filed flight plans, with transponders switched off and without radio contact with air traffic control.

The intercepts were carried out by fighters assigned to the Baltic Air Policing mission. Because Estonia, Latvia and Lithuania do not operate their own fighter jets, allied air forces have taken turns protecting their airspace since the three countries joined NATO in 2004. Current detachments are based at Šiauliai in Lithuania and Ämari in Estonia.

**How a typical intercept works:**

1. Radar operators detect an aircraft that is not communicating with civil air traffic control
2. The Combined Air Operations Centre orders fighters on quick reaction alert to launch
3. Pilots visually identify the aircraft and shadow it until it leaves the area
4. Details are recorded and, where appropriate, reported to national authorities

Alliance officials describe most intercepts as routine and professional. However, such flights pose risks to civil aviation, because aircraft without active transponders do not appear clearly on civilian air traffic control screens.

The air policing mission has been reinforced since 2022, with additional fighters in the region and closer cooperation with Nordic air forces following the accession of Finland and Sweden to NATO. Exercises have also tested the ability to operate from dispersed bases and highway strips.

Allied Air Command publishes intercept statistics periodically. Officials said the volume of activity remained consistent with recent months and did not indicate a significant change in behaviour.`,
    category: "air",
    contentTier: "news_brief",
    author: "Sofia Lindqvist",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 540,
  },
  // ---------------------------------------------------------------- intelligence
  {
    title: "Satellite Imagery Shows Rapid Construction on Disputed Reef Outpost, Analysts Say",
    slug: "satellite-imagery-shows-rapid-construction-on-disputed-reef-outpost-analysts-say",
    excerpt: "Commercial images reviewed by independent analysts show new piers, radar domes and a lengthened runway at an outpost in a disputed part of the South China Sea.",
    content: `Commercial satellite imagery reviewed by independent analysts shows a rapid expansion of facilities on a reef outpost in a disputed area of the South China Sea, including new piers, a lengthened runway and what appear to be radar domes.

The images, captured over several months by multiple commercial providers, show land reclamation along the outpost's northern edge and the construction of buildings consistent with hardened shelters. Analysts said the pace of work had increased noticeably since the start of the year.

**Features identified in the imagery:**

- A runway extended by several hundred metres, long enough for some combat aircraft
- Two new piers capable of berthing large patrol vessels
- At least three dome-shaped structures consistent with radar or communications equipment
- Several buildings that analysts assessed as possible munitions storage

Government officials in the region declined to comment directly on the imagery but reiterated calls for all claimant states to avoid actions that change the status quo. The country controlling the outpost has previously said that construction on features it administers serves civilian and defensive purposes.

The growing availability of high-resolution commercial imagery has transformed public understanding of military developments in the region. Independent research groups and news organisations now routinely track construction, ship movements and aircraft deployments, work that once depended on classified government sources.

Analysts cautioned that imagery alone cannot establish how facilities will be used, and that some structures may serve dual purposes. Further collection over the coming weeks is expected to clarify the purpose of several buildings still under construction. See also our [intelligence coverage](/category/intelligence).`,
    category: "intelligence",
    contentTier: "news_brief",
    author: "Priya Raman",
    imageUrl: "/images/sample/satellite.svg",
    imageAlt: "Illustration of an Earth-observation satellite with solar panels orbiting above a coastline",
    isBreaking: true,
    isPremium: false,
    status: "published",
    hoursAgo: 8,
  },
  {
    title: "Eyes for Hire: How Commercial Space Is Reshaping Military Intelligence",
    slug: "eyes-for-hire-how-commercial-space-is-reshaping-military-intelligence",
    excerpt: "Commercial satellite imagery, radar and radio-frequency data have moved from a niche supplement to a core intelligence source. The shift brings speed and transparency, and new risks.",
    content: `For most of the Cold War, satellite reconnaissance was the preserve of a handful of governments. Today dozens of commercial companies operate constellations of imaging, radar and radio-frequency satellites, and their customers include defence ministries, intelligence agencies, news organisations and researchers. The war in Ukraine has shown how quickly this market has matured, and has raised difficult questions about its future.

## From supplement to core capability

Government agencies once treated commercial imagery as a useful supplement to classified systems, mainly for sharing with allies and the public. That has changed. Intelligence agencies now buy large volumes of commercial data under long-term contracts and integrate it into their own analysis.

### Three types of commercial sensors

- **Electro-optical imaging:** high-resolution photographs, revisiting many locations several times a day
- **Synthetic aperture radar (SAR):** images through cloud and at night, useful in regions with persistent cloud cover
- **Radio-frequency (RF) geolocation:** detecting and locating emitters such as radars and satellite phones

Combining these sources allows analysts to detect changes, track ships that switch off their transponders, and monitor military activity with a frequency that was once impossible.

## Why it matters

Commercial providers can share unclassified products quickly with allies, partners and even the public. This has allowed governments to expose military build-ups and counter disinformation. It has also given smaller countries access to intelligence capabilities they could not afford on their own.

> "The democratisation of space-based intelligence is real," a former intelligence official told this publication. "But it is not free, and it is not neutral. Somebody decides where the satellites look."

## The risks

### Dependency

Governments that rely on commercial providers must consider what happens if a company changes ownership, suspends service or comes under pressure from another state. Contracts increasingly include clauses on priority tasking and continuity of service, but there are no guarantees.

### Targeting

As commercial satellites become part of military operations, adversaries may regard them as legitimate targets. Some states have warned that commercial space infrastructure supporting military operations could be attacked, raising legal and policy questions that remain unresolved.

### Saturation

The sheer volume of data is a challenge in itself. Analysts increasingly rely on machine learning to flag changes, which raises questions of accuracy and accountability. Errors can spread quickly when imagery is shared publicly.

## Policy choices ahead

Governments face a series of decisions:

1. How much to invest in their own constellations versus buying commercial services
2. How to protect commercial satellites, including through diplomatic and legal measures
3. What rules to set for sales of high-resolution imagery to foreign customers
4. How to share commercial data with allies in a crisis without delays

## What to watch

Expect more long-term contracts between defence agencies and commercial providers, growing investment in SAR and RF constellations in Europe and Asia, and further debate over how to protect commercial space infrastructure in wartime. For related coverage, see our [intelligence section](/category/intelligence) and [analysis](/category/analysis).`,
    category: "intelligence",
    contentTier: "premium_analysis",
    author: "Priya Raman",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: true,
    status: "published",
    hoursAgo: 60,
  },
  {
    title: "Intelligence Chiefs Warn of Converging Threats in Annual Assessment",
    slug: "intelligence-chiefs-warn-of-converging-threats-in-annual-assessment",
    excerpt: "The annual threat assessment highlights cooperation among rival states, rapid advances in artificial intelligence and a rising tempo of cyber operations against critical infrastructure.",
    content: `U.S. intelligence agencies have published their annual threat assessment, warning that cooperation among rival powers, the spread of advanced technology and persistent regional conflicts are combining to create a more complex and dangerous security environment.

The unclassified report, presented to the congressional intelligence committees alongside closed-door briefings, summarises the collective judgements of the intelligence community on the most significant threats to U.S. interests over the coming year.

## Key judgements

- **Great-power competition:** rival states are deepening military and technological cooperation, including exchanges of weapons, components and expertise
- **Emerging technology:** advances in artificial intelligence and biotechnology could lower barriers to developing harmful capabilities
- **Cyber operations:** state-backed actors continue to pre-position in critical infrastructure networks, potentially for disruptive attacks in a crisis
- **Regional conflicts:** wars in Europe and the Middle East continue to draw resources and create risks of escalation
- **Transnational threats:** terrorist groups, drug trafficking networks and illicit finance remain persistent challenges

## A changing approach to disclosure

Intelligence agencies have become more willing in recent years to declassify and publish information, including warnings about adversaries' plans ahead of time. The assessment reflects that shift, with more detail on cyber activity and foreign influence operations than in previous years.

> "Our competitors are not waiting for a crisis to prepare the battlefield," the report states. "They are doing so today, in networks, supply chains and information spaces."

## Reactions in Congress

Members of both parties used the hearing to press officials on the intelligence community's resources and priorities. Several lawmakers asked how agencies plan to recruit and retain technical talent, while others questioned the use of commercially purchased data and the oversight of surveillance authorities that are due for reauthorisation.

## What's next?

The assessment will inform budget debates and oversight hearings in the coming months. Committees are expected to hold further closed sessions on specific regions and technologies. More [intelligence coverage](/category/intelligence).`,
    category: "intelligence",
    contentTier: "detailed_report",
    author: "James Okafor",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 120,
  },
  {
    title: "Reconnaissance Office Launches Latest Batch of Proliferated Satellites",
    slug: "reconnaissance-office-launches-latest-batch-of-proliferated-satellites",
    excerpt: "The National Reconnaissance Office has launched another group of small satellites for its proliferated architecture, which aims to provide more frequent coverage and greater resilience.",
    content: `The National Reconnaissance Office (NRO) has launched another batch of satellites for its proliferated architecture, a constellation of smaller, cheaper spacecraft intended to complement the agency's traditional large reconnaissance satellites.

The satellites lifted off from Vandenberg Space Force Base in California aboard a commercial rocket. As is customary, the NRO did not disclose the number of satellites or details of their sensors, but said the launch was one of several missions planned this year.

**Why proliferation?**

- More satellites mean more frequent revisits over areas of interest
- A large constellation is harder for an adversary to disrupt than a few expensive satellites
- Smaller spacecraft can be replaced and upgraded more often
- Commercial launch and manufacturing reduce cost and schedule

The NRO has described the proliferated architecture as a way to deliver intelligence to users faster, including to military units in the field. The agency works closely with the U.S. Space Force, which is building its own proliferated constellations for missile warning, missile tracking and data transport.

Officials have said the new architecture will not replace existing systems but will operate alongside them, with data fused on the ground. The agency has also expanded its use of commercial imagery and radar data under long-term contracts.

Space policy experts note that the trend toward large constellations is shared by other space powers, and that it raises questions about congestion in low Earth orbit and the potential for collisions and debris. The NRO said it follows established practices for tracking its satellites and disposing of them at the end of their service lives.

Further launches are planned over the coming months. For more, see our [intelligence coverage](/category/intelligence).`,
    category: "intelligence",
    contentTier: "news_brief",
    author: "Tom Becker",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 190,
  },
  {
    title: "Armies Build Open-Source Intelligence Units as Social Media Reshapes the Battlefield",
    slug: "armies-build-open-source-intelligence-units-as-social-media-reshapes-the-battlefield",
    excerpt: "From geolocating videos to tracking supply routes, European militaries are formalising open-source intelligence cells, drawing on lessons from volunteer analysts and the war in Ukraine.",
    content: `Several European armed forces are establishing dedicated open-source intelligence (OSINT) units, formalising a discipline that until recently was driven largely by volunteer analysts, journalists and academic researchers.

## Why now?

The war in Ukraine has produced an unprecedented volume of publicly available information: smartphone videos, commercial satellite images, social media posts, shipping data and flight tracking. Volunteer analysts have used this material to identify units, locate equipment and verify claims, sometimes faster than official channels.

Military intelligence organisations have taken note. Open sources can be shared easily with allies and the public, and can provide context that classified collection lacks.

## What OSINT units do

- Geolocate and verify imagery and video from conflict zones
- Monitor social media for indicators of military activity
- Analyse commercial satellite imagery and ship and aircraft tracking data
- Support strategic communication by exposing disinformation with verifiable evidence

### Skills in demand

Militaries are recruiting from unusual backgrounds, including journalism, data science and linguistics. Some are creating reserve positions so that civilian experts can contribute part-time. Training courses increasingly emphasise verification methods, digital security and legal constraints.

## Legal and ethical questions

Working with open sources still raises legal questions, particularly concerning the collection of personal data about private individuals. European forces must comply with data protection law and national rules governing intelligence activities. Several countries are updating guidance to clarify what military OSINT units may and may not do.

> "Publicly available does not mean anything goes," a European military lawyer said. "Proportionality and purpose still matter."

## What's next?

Officials expect OSINT to become a routine part of intelligence training and planning across NATO, with alliance-level efforts to share tools and methods. See related [analysis](/category/analysis).`,
    category: "intelligence",
    contentTier: "detailed_report",
    author: "Elena Varga",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 590,
  },
  // ---------------------------------------------------------------- security
  {
    title: "Cyberattack on Defense Supplier Disrupts Production of Aircraft Components",
    slug: "cyberattack-on-defense-supplier-disrupts-production-of-aircraft-components",
    excerpt: "A ransomware attack forced a mid-sized supplier of machined aircraft parts to shut down its production systems, renewing concerns about the security of the defense industrial base.",
    content: `A cyberattack on a mid-sized supplier of machined components for military and civilian aircraft has forced the company to shut down its production systems, according to a notice filed with regulators and statements from two of its customers. Investigators are treating the incident as a ransomware attack.

## What we know

The company, which employs around 900 people at plants in three states, said it detected "unauthorised activity" on its network early on Monday and isolated affected systems as a precaution. Manufacturing at two plants has been halted while the company restores systems from backups.

- Production systems, email and parts of the enterprise resource planning software are affected
- The company has engaged an external incident response firm and notified law enforcement
- It is not yet known whether controlled technical data was accessed

## Why it matters

The supplier produces parts for several military aircraft programmes, including components for fighters and helicopters. Prime contractors hold inventories that can absorb short disruptions, but a prolonged outage could delay deliveries.

The incident highlights a long-standing concern: smaller suppliers in the defense industrial base often lack the cybersecurity resources of large prime contractors, yet they hold sensitive data and play critical roles in production.

> "Adversaries go where the defences are weakest, and that is often the second or third tier of the supply chain," a former Defense Department cyber official said.

## Regulatory context

The Pentagon's Cybersecurity Maturity Model Certification (CMMC) programme is being phased into contracts, requiring suppliers that handle controlled unclassified information to meet specific security standards and, in many cases, to undergo third-party assessments. Industry groups have warned that compliance costs weigh heavily on small firms.

## What's next?

The company said it expects to restore partial production within days. Federal agencies are assessing whether the attack is linked to a broader campaign. This is a developing story. More [security coverage](/category/security).`,
    category: "security",
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: "/images/sample/cyber.svg",
    imageAlt: "Illustration of a padlock over a network of connected circuit lines",
    isBreaking: true,
    isPremium: false,
    status: "published",
    hoursAgo: 2,
  },
  {
    title: "Allied Cyber Agencies Issue Joint Warning on Attacks Targeting Defense Contractors",
    slug: "allied-cyber-agencies-issue-joint-warning-on-attacks-targeting-defense-contractors",
    excerpt: "Cybersecurity agencies from five countries published a joint advisory describing how a state-backed group breaches defense contractors through vulnerable internet-facing devices.",
    content: `Cybersecurity agencies from the United States, the United Kingdom, Canada, Australia and New Zealand have issued a joint advisory warning that a state-backed hacking group is targeting defense contractors and their suppliers by exploiting vulnerabilities in internet-facing devices such as VPN gateways, firewalls and email servers.

The advisory describes how the group gains initial access through unpatched devices, moves laterally through networks using legitimate administrative tools, and exfiltrates data related to weapons programmes, research and contracts. In several cases, the attackers maintained access for months before being detected.

**Recommended actions for organisations:**

- Patch internet-facing devices promptly and replace those no longer supported by vendors
- Enforce phishing-resistant multi-factor authentication for remote access and administrative accounts
- Monitor for unusual use of legitimate tools, such as remote management software
- Keep offline, tested backups and a rehearsed incident response plan
- Report suspected compromises to national cyber authorities

The agencies said the advisory was based on incident response engagements and intelligence reporting. It includes technical indicators that defenders can use to search their networks, though the agencies cautioned that the group frequently changes its infrastructure.

Joint advisories from the Five Eyes partners have become increasingly common and are intended to raise awareness among companies that may not have dedicated threat intelligence teams. Defense industry associations said they would distribute the guidance to their members, particularly smaller suppliers.

The advisory follows a separate incident that disrupted production at an aircraft parts supplier, though officials did not say whether the two were related. Further guidance is expected as investigations continue.`,
    category: "security",
    contentTier: "news_brief",
    author: null,
    imageUrl: null,
    imageAlt: null,
    isBreaking: true,
    isPremium: false,
    status: "published",
    hoursAgo: 14,
  },
  {
    title: "Drone Sightings Over Military Bases Expose Gaps in Counter-UAS Authorities",
    slug: "drone-sightings-over-military-bases-expose-gaps-in-counter-uas-authorities",
    excerpt: "Repeated drone incursions over military installations in Europe and the United States have exposed legal and technical gaps in how forces can detect and defeat small drones at home.",
    content: `Repeated sightings of unidentified drones over military bases in Europe and the United States have prompted officials to review the legal authorities and technical tools available to protect installations from small uncrewed aircraft.

## A persistent problem

Over the past year, military bases, airfields and defence industrial sites have reported a series of drone incursions, sometimes lasting hours and involving several aircraft at once. In many cases the drones were neither identified nor intercepted. Officials have said some incidents were probably caused by hobbyists, while others may have involved surveillance by foreign actors.

## Legal constraints

In peacetime, military forces operating at home are subject to laws governing aviation safety, communications and privacy. In the United States, specific statutes allow the Defense Department to act against drones threatening certain facilities, but the authority is limited to designated sites and circumstances. In many European countries, police forces rather than the military have primary responsibility for dealing with drones over domestic territory.

### Common gaps identified by officials

- Limited authority to jam or take control of drones near civilian areas
- Unclear division of responsibility between military, police and aviation authorities
- A shortage of sensors able to detect small drones in cluttered environments
- Difficulty attributing drones to their operators

## Technology options

Counter-drone systems range from radar and radio-frequency detectors to jammers, interceptor drones, high-power microwave and laser weapons. Each has trade-offs: jamming can disrupt civilian communications, while kinetic options risk debris falling on populated areas.

> "Detection is the first hurdle, and it is harder than people think," a NATO air defence officer said. "A small drone near a base looks a lot like a bird on radar."

## What's next?

Several governments are updating legislation to give forces clearer powers and are investing in layered counter-drone systems at key sites. Expect more exercises involving police and civil aviation authorities. For background, see our [land coverage](/category/land).`,
    category: "security",
    contentTier: "detailed_report",
    author: "Tom Becker",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 80,
  },
  {
    title: "Port Security Exercise Tests Response to Simulated Attack on Military Cargo Hub",
    slug: "port-security-exercise-tests-response-to-simulated-attack-on-military-cargo-hub",
    excerpt: "Military police, coast guard units and port authorities rehearsed their response to a coordinated drone and sabotage attack on a port used to move military equipment to Europe.",
    content: `Military, coast guard and civilian authorities have completed a multi-day exercise at a major North Sea port, rehearsing their response to a simulated attack on facilities used to ship military equipment to NATO's eastern flank.

The scenario combined several incidents: a small drone swarm over the container terminal, a suspected explosive device on a quay, and a cyber intrusion into the port's logistics systems. Participants had to secure the area, keep essential operations running and coordinate with national authorities, all while commercial traffic continued in other parts of the port.

**Organisations taking part included:**

- Military police and engineer units
- Coast guard and maritime police
- The port authority and terminal operators
- Emergency services and local government officials
- National cyber response teams

Ports have gained importance in NATO planning as the alliance prepares to move large numbers of troops and vehicles across Europe at short notice. Many of those facilities are privately operated, and protecting them requires close cooperation between military and civilian organisations.

Officials said the exercise exposed friction points in communication between agencies, in particular the sharing of information between the port's private security staff and military units. Participants also practised relocating military cargo operations to alternate berths while investigators worked at the scene.

Exercise organisers said the results would be used to update contingency plans and would be shared with other ports involved in military mobility. Similar exercises are planned at Baltic and Mediterranean ports next year, with a greater focus on the cyber element, which participants described as the least rehearsed part of the scenario.`,
    category: "security",
    contentTier: "news_brief",
    author: "James Okafor",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 150,
  },
  {
    title: "GPS Jamming in the Baltic Region Disrupts Civil Flights and Shipping",
    slug: "gps-jamming-in-the-baltic-region-disrupts-civil-flights-and-shipping",
    excerpt: "Widespread interference with satellite navigation signals around the Baltic Sea is forcing airlines and shipping companies to adapt, as governments point to deliberate jamming and spoofing.",
    content: `Interference with satellite navigation signals around the Baltic Sea has become a persistent problem for airlines, shipping companies and other users, with thousands of flights affected in recent months. Governments in the region have attributed much of the interference to deliberate jamming and spoofing originating from Russian territory, including the Kaliningrad exclave.

## The scale of the problem

Aviation authorities and independent analysts tracking GPS interference report disruptions almost daily over parts of the Baltic Sea, Finland, Estonia, Latvia, Lithuania and Poland. Airliners flying in affected areas sometimes lose satellite navigation and must fall back on ground-based navigation aids or inertial systems.

### Types of interference

- **Jamming:** overpowering satellite signals so that receivers cannot compute a position
- **Spoofing:** broadcasting false signals that cause receivers to report an incorrect position
- **Meaconing:** rebroadcasting recorded signals with a time delay

## Effects on civilian users

For commercial aviation, the main consequence is a higher workload for pilots and air traffic controllers, particularly in poor weather. Some flights have had to divert or return to their departure airport. Ships have reported incorrect positions, raising concerns about navigation safety in busy waterways.

> "Each individual incident is manageable. The problem is that it has become the background noise of flying in this region," a European airline pilot said.

## Government responses

Baltic and Nordic governments have raised the issue with international aviation and maritime bodies and have urged investment in backup navigation. Measures under discussion include:

1. Maintaining and modernising ground-based navigation aids
2. Improving receivers' ability to detect spoofing
3. Sharing interference reports between states in real time
4. Exploring alternative positioning sources, such as signals from low Earth orbit satellites

## What's next?

The International Civil Aviation Organization and the International Maritime Organization have both discussed the problem, but practical solutions will take time. See our related coverage of [Baltic Sea security](/category/sea).`,
    category: "security",
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 280,
  },
  {
    title: "EU Resilience Rules for Critical Infrastructure Take Effect as Member States Lag on Implementation",
    slug: "eu-resilience-rules-for-critical-infrastructure-take-effect-as-member-states-lag-on-implementation",
    excerpt: "New EU rules require operators of energy grids, transport hubs and other vital services to assess risks and plan for physical attacks, but many countries have yet to pass national laws.",
    content: `New European Union rules requiring operators of critical infrastructure to strengthen their resilience against physical threats have formally taken effect, but many member states have yet to complete the national legislation needed to apply them, officials and industry groups say.

The Critical Entities Resilience (CER) Directive covers eleven sectors, including energy, transport, banking, health, drinking water, digital infrastructure and space. It complements separate EU rules on cybersecurity, known as NIS2, and focuses on physical threats such as sabotage, terrorism, natural disasters and pandemics.

**Main obligations under the directive:**

- Member states must carry out national risk assessments and identify critical entities
- Designated entities must assess their own risks and take proportionate resilience measures
- Significant incidents must be reported to national authorities
- Entities providing services in several member states may receive additional oversight

Security concerns have grown since the sabotage of the Nord Stream pipelines in 2022 and a series of incidents involving undersea cables, rail networks and energy facilities. Defence officials increasingly describe critical infrastructure protection as part of national defence rather than purely a matter of civil protection.

Industry groups have welcomed clearer rules but warned about compliance costs and overlap with existing national regulations. Operators have also asked for better intelligence sharing from governments so they can assess threats realistically.

The European Commission has opened infringement procedures against several member states for failing to transpose the directive on time. Officials expect most countries to complete their legislation within the next year, after which national authorities will begin designating critical entities and reviewing their resilience plans. For related coverage, see [security](/category/security) and [politics](/category/politics).`,
    category: "security",
    contentTier: "news_brief",
    author: null,
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 600,
  },
  // ---------------------------------------------------------------- politics
  {
    title: "Senate Passes Annual Defense Authorization Bill, Setting Up Final Negotiations With House",
    slug: "senate-passes-annual-defense-authorization-bill-setting-up-final-negotiations-with-house",
    excerpt: "The Senate approved its version of the annual defense policy bill by a wide bipartisan margin, authorizing a topline above the administration's request and setting up talks with the House.",
    content: `The U.S. Senate has passed its version of the National Defense Authorization Act (NDAA) by a wide bipartisan margin, clearing the way for negotiations with the House on a final bill. The legislation sets policy and spending levels for the Defense Department and the national security programmes of the Energy Department.

## Topline and key numbers

The Senate bill authorizes a national defense topline above the administration's budget request, reflecting pressure from members of both parties to increase spending on shipbuilding, munitions and readiness. Selected authorization levels from the committee summary, in billions of dollars:

| Area | Administration request | Senate bill | Change |
|---|---:|---:|---:|
| Shipbuilding | 32.1 | 35.4 | +3.3 |
| Munitions procurement | 28.6 | 31.0 | +2.4 |
| Research & development | 143.2 | 145.9 | +2.7 |
| Operations & maintenance | 339.8 | 341.5 | +1.7 |

## Key provisions

- Funding for additional warships, including a second attack submarine in the coming fiscal year
- Multiyear procurement authority for several missile types
- A pay raise for service members and expanded support for military families
- Measures to speed up the acquisition of commercial technology and software

### Contentious issues

Debates over policy riders on social issues, the role of the military in domestic operations and oversight of overseas deployments drew the sharpest exchanges. Several amendments were withdrawn or defeated to secure passage.

## What's next?

The House passed its own version earlier, and the two chambers must now reconcile their differences. Lawmakers aim to send a final bill to the president before the end of the year, continuing a streak of annual NDAAs dating back more than six decades.

> "This bill reflects the threats we face, not the budget we were sent," a senior member of the Senate Armed Services Committee said during floor debate.

The NDAA authorizes but does not appropriate funds; actual spending depends on separate appropriations bills. See also our [politics coverage](/category/politics).`,
    category: "politics",
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: "/images/sample/capitol.svg",
    imageAlt: "Illustration of the U.S. Capitol dome at dusk",
    isBreaking: true,
    isPremium: false,
    status: "published",
    hoursAgo: 4,
  },
  {
    title: "NATO Defence Ministers Agree New Capability Targets Amid Push for Higher Spending",
    slug: "nato-defence-ministers-agree-new-capability-targets-amid-push-for-higher-spending",
    excerpt: "Ministers meeting in Brussels signed off on national capability targets that officials say will require significant increases in air defence, long-range strike and ammunition stocks.",
    content: `NATO defence ministers meeting in Brussels have agreed on a new set of capability targets for member states, a key step in the alliance's defence planning process that officials say will require substantial increases in military investment over the coming years.

The targets, which are classified, set out the forces and equipment each ally is expected to provide to implement NATO's regional defence plans. According to officials, the largest increases are in **integrated air and missile defence**, **long-range precision strike**, **ammunition stocks** and **land forces ready at short notice**.

**Main outcomes of the meeting:**

- Approval of capability targets derived from NATO's regional plans
- Discussion of industrial capacity and joint procurement of munitions
- Review of support to Ukraine and coordination of training and equipment deliveries
- Preparations for the next summit of heads of state and government

The NATO Secretary General said after the meeting that the new targets would require allies to spend considerably more on defence than the longstanding guideline of 2 percent of GDP. Several governments have already announced plans to raise spending, but others face tight budgets and domestic political pressure.

Officials also stressed the importance of the defence industry. Ministers discussed ways to increase production of key munitions, streamline procurement and make standardised equipment easier to buy across borders.

The capability targets will now be translated into national plans. Observers will watch how quickly capitals build them into budgets, particularly ahead of the summit, where leaders are expected to endorse the spending trajectory. For background, see our [politics section](/category/politics).`,
    category: "politics",
    contentTier: "news_brief",
    author: "Elena Varga",
    imageUrl: null,
    imageAlt: null,
    isBreaking: true,
    isPremium: false,
    status: "published",
    hoursAgo: 18,
  },
  {
    title: "EU Negotiators Reach Deal on European Defence Industry Programme",
    slug: "eu-negotiators-reach-deal-on-european-defence-industry-programme",
    excerpt: "The agreement funds joint procurement and new production capacity, while settling a long dispute over how much non-EU content eligible equipment may contain.",
    content: `Negotiators from the European Parliament and EU member states have reached a provisional agreement on the European Defence Industry Programme (EDIP), a financial instrument intended to strengthen the bloc's defence industrial base and encourage countries to buy equipment together.

## What the programme does

EDIP builds on earlier short-term instruments for joint procurement and ammunition production. It provides funding for:

- Joint procurement by groups of member states
- Investments to expand production capacity for critical products
- Measures to secure supply chains, including stockpiling of components
- Support for Ukraine's defence industry and its integration with European industry

## The sticking point: "Buy European"

The most contentious issue in the negotiations was eligibility. Some member states wanted strict limits on components from outside the EU to strengthen European industry. Others, with closer ties to U.S. and other non-EU suppliers, warned that strict rules would slow procurement and raise costs.

The compromise sets a threshold for the value of components originating outside the EU and associated countries, and requires that design authority for eligible products sit in Europe. Officials said the rules balance strategic autonomy with the need to deliver equipment quickly.

> "The message to industry is simple: invest in Europe, build in Europe, and you will have customers," an EU official said.

## Budget & schedule

The programme's budget is modest compared with national defence spending, and many observers see it as a pilot for larger instruments under the EU's next multiannual budget. The agreement still requires formal approval by the Parliament and the Council.

## What's next?

Once the regulation is adopted, the European Commission will publish calls for proposals, with the first funding decisions expected next year. Discussions on a larger defence budget within the next EU long-term budget are already under way. Follow our [politics coverage](/category/politics).`,
    category: "politics",
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 100,
  },
  {
    title: "Stopgap Funding Leaves Pentagon Programmes in Limbo as Budget Talks Drag On",
    slug: "stopgap-funding-leaves-pentagon-programmes-in-limbo-as-budget-talks-drag-on",
    excerpt: "A continuing resolution keeps the government open but bars new programme starts and production increases, delaying contracts for ships, munitions and aircraft.",
    content: `Congress has passed another continuing resolution (CR) to keep the federal government funded, averting a shutdown but leaving the Defense Department operating at the previous year's spending levels for several more months. Defence officials warn that the repeated use of stopgap funding is delaying key programmes and wasting money.

## How a continuing resolution works

A CR extends the prior year's funding levels and generally prohibits:

1. Starting new programmes, known as "new starts"
2. Increasing production rates above the previous year's level
3. Signing new multiyear procurement contracts

Congress can include exceptions, known as anomalies, for specific programmes, but these are typically limited in number.

## Budget & schedule

Pentagon officials have said that a long CR affects dozens of new programmes and production increases. Examples frequently cited include:

- Munitions contracts intended to expand production capacity
- Shipbuilding contracts, including submarine construction
- New research and development projects in space and hypersonics
- Military construction projects, which cannot begin without new appropriations

> "Every month under a CR is a month we cannot get back," a senior defence official told reporters. "Industry cannot hire and invest without contracts."

## Why it keeps happening

Congress has not passed all defence appropriations on time in many years. Partisan disputes over non-defence spending, policy riders and the overall topline regularly delay agreement. Some lawmakers have proposed automatic continuing resolutions or biennial budgeting, but neither idea has gained enough support.

## What's next?

Appropriators say they are close to agreement on topline numbers, but a final deal depends on wider negotiations. If Congress opts for a full-year CR instead, the department would have to seek additional flexibility to move money toward its priorities. See our [analysis section](/category/analysis) for more on budget trends.`,
    category: "politics",
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 350,
  },
  {
    title: "Canada Sets Out Timeline to Reach NATO Spending Target",
    slug: "canada-sets-out-timeline-to-reach-nato-spending-target",
    excerpt: "Ottawa has presented a plan to reach NATO's defence spending benchmark, relying on new submarines, air defence and Arctic infrastructure, along with updated accounting.",
    content: `The Canadian government has published a timeline for reaching NATO's defence spending benchmark, responding to years of criticism from allies that Canada has lagged behind its commitments.

The plan relies on a combination of new procurement programmes and updated accounting of defence-related spending. Officials said the measures would bring Canada to the target within a few years, sooner than previously projected.

**Main elements of the plan:**

- Acquisition of new conventional submarines capable of operating under Arctic ice
- Investments in integrated air and missile defence, including the modernisation of continental air defence with the United States
- New infrastructure in the Arctic, including operational support hubs
- Increased spending on recruitment and retention
- Counting certain coast guard and security expenditures as defence spending, in line with NATO rules

Canada's 2024 defence policy update set out a path toward higher spending. Allies welcomed the new timeline, but some analysts noted that Canada has often struggled to spend its defence budget because of procurement delays and staffing shortages in the acquisition workforce.

Defence officials acknowledged that execution is the main risk. The department has announced measures to speed up procurement, including a new agency intended to manage major acquisitions and a larger contracting workforce.

Opposition parties said the plan was overdue and questioned whether the government could execute large programmes on time. Industry groups called for a clearer long-term investment plan so that Canadian companies could prepare, hire and invest.

The submarine programme is expected to be one of the largest procurements in Canada's history. The government has said it will choose a design after evaluating proposals from several international shipbuilders, with domestic industrial participation a key criterion.`,
    category: "politics",
    contentTier: "news_brief",
    author: "James Okafor",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 500,
  },
  {
    title: "Preview: What to Watch as NATO Leaders Gather for Their Annual Summit",
    slug: "preview-what-to-watch-as-nato-leaders-gather-for-their-annual-summit",
    excerpt: "Spending, support for Ukraine and industrial capacity top the agenda as allied leaders meet. A guide to the key issues and what success would look like.",
    content: `Allied leaders gather this week for NATO's annual summit, with defence spending, support for Ukraine and the alliance's industrial capacity expected to dominate the agenda. Here is what to watch.

## Spending

The most closely watched issue is defence spending. Allies are expected to review progress toward the investment commitments adopted previously, including how quickly spending will rise and what counts toward the target. Officials say a credible path matters more than headline figures, and several governments are expected to present national plans showing year-by-year increases.

## Ukraine

Leaders will discuss long-term support for Ukraine, including military aid, training and defence industrial cooperation. The format of engagement with Kyiv at the summit is itself a subject of negotiation, and officials are keen to avoid the public disagreements over language that marked some previous meetings. Several allies are expected to announce new bilateral packages on the margins.

## Industry and production

Expect announcements on joint procurement and production of munitions and air defence systems. NATO has been pushing allies to aggregate demand and standardise equipment so that industry can plan with confidence.

### Other agenda items

- Deterrence and defence on the eastern flank
- Resilience of critical infrastructure, including undersea cables
- Partnerships in the Indo-Pacific
- Counter-terrorism and the southern neighbourhood

## What would success look like?

Diplomats describe a successful summit as one that demonstrates unity, confirms spending plans and delivers practical steps on production. A less successful outcome would see public disagreements dominate the coverage and overshadow the substance.

> "Summits are judged by their communiqué, but remembered by whether the promises were kept," a former NATO official said.

Follow our [politics coverage](/category/politics) throughout the summit.`,
    category: "politics",
    contentTier: "detailed_report",
    author: "Elena Varga",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: -48,
  },
  // ---------------------------------------------------------------- analysis
  {
    title: "The Munitions Gap: Why Western Stockpiles Won't Recover Before the End of the Decade",
    slug: "the-munitions-gap-why-western-stockpiles-wont-recover-before-the-end-of-the-decade",
    excerpt: "Production of artillery shells and missiles is rising, but demand is rising faster. Our analysis of capacity, costs and lead times shows why stockpile recovery will take years, not months.",
    content: `Since 2022, Western governments have signed contracts worth tens of billions of dollars to expand production of artillery ammunition, air defence interceptors and precision-guided weapons. Output has grown substantially. Yet stockpiles remain below the levels planners consider necessary, and in some categories the gap is widening. This analysis examines why.

## Demand has outpaced supply

Three sources of demand are competing for the same production lines:

1. **Support to Ukraine**, which consumes artillery ammunition and air defence interceptors at rates not seen in Europe for generations
2. **Replenishment of national stockpiles** drawn down by donations
3. **New war-reserve targets** set under NATO's updated defence plans, which assume a longer, higher-intensity conflict than previous plans

Export demand from the Middle East and Asia adds further pressure, particularly for air defence systems.

## Lead times tell the story

| Munition type | Typical lead time (order to delivery) | Main constraint |
|---|---|---|
| 155mm artillery shell | 12-24 months | Energetics and propellant |
| Guided rocket (GMLRS class) | 18-30 months | Rocket motors, electronics |
| Air defence interceptor | 24-48 months | Seekers, rocket motors |
| Long-range cruise missile | 24-36 months | Engines, test capacity |

Lead times reflect not only factory capacity but also the availability of sub-components from specialised suppliers. Solid rocket motors, for example, have been a bottleneck for several missile programmes, with only a few qualified producers in the United States and Europe.

## The money is there, the capacity is not (yet)

Governments have moved to give industry more certainty, including through multiyear contracts and framework agreements. These have unlocked investment in new plants. However:

- New energetics facilities take three to five years to plan, permit and build
- Skilled workers are scarce, particularly in chemistry and precision manufacturing
- Unit costs have risen sharply, reducing the quantity bought for each euro or dollar
- Suppliers of raw materials, such as nitrocellulose and certain metals, face constraints of their own

> "We have fixed the demand signal problem. What we haven't fixed is physics and permitting," a senior European procurement official told this publication.

## Three scenarios to 2030

### Scenario 1: Steady ramp-up

Output continues to increase, new plants come online on schedule and demand from Ukraine stabilises. Artillery ammunition stockpiles approach their targets by the end of the decade; interceptor stocks remain short.

### Scenario 2: Demand shock

A new crisis, for example in the Indo-Pacific or the Middle East, triggers large additional demand for missiles and interceptors. Stocks fall again, and governments are forced to prioritise between theatres.

### Scenario 3: Political fatigue

Budgets tighten and contracts are delayed or cut back. Industry slows investment, and capacity built during the surge is underused or closed.

## What would help?

- **Standardisation:** fewer variants of the same munition type across allies
- **Joint procurement:** larger, longer orders that justify investment
- **Second sources:** qualifying more suppliers for critical components
- **Regulatory reform:** faster permitting for energetics plants, with safety standards maintained

## Bottom line

The munitions gap is not a failure of will. It is the result of decades of consolidation and low-volume production colliding with a sudden surge in demand. Recovery is under way, but it will be measured in years. Governments that sign long-term contracts now will be better positioned in the early 2030s than those that wait. For more, see our [land coverage](/category/land) and related [politics coverage](/category/politics).`,
    category: "analysis",
    contentTier: "premium_analysis",
    author: "Rachel Moreau",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: true,
    status: "published",
    hoursAgo: 36,
  },
  {
    title: "What Ukraine's Drone War Is Teaching NATO Armies",
    slug: "what-ukraines-drone-war-is-teaching-nato-armies",
    excerpt: "Cheap drones have changed how armies fight, hide and supply themselves. NATO forces are adapting doctrine, training and procurement, but the pace of change in Ukraine is hard to match.",
    content: `Few aspects of the war in Ukraine have drawn as much attention from Western militaries as the use of drones. Small commercial quadcopters, first-person-view (FPV) attack drones and long-range one-way attack drones have transformed reconnaissance, artillery targeting and strikes deep behind the front line. NATO armies are now working to absorb those lessons.

## Five lessons from the front

1. **Transparency of the battlefield:** drones make it very difficult to concentrate forces without being detected
2. **Speed of adaptation:** drone designs and countermeasures change in weeks, not years
3. **Electronic warfare matters:** jamming and counter-jamming have become decisive in many engagements
4. **Mass is back:** cheap systems in large numbers can overwhelm expensive defences
5. **Logistics are targets:** supply vehicles and depots face a constant threat from drones

## How NATO armies are responding

### Doctrine and training

Several armies have revised training to assume constant drone surveillance. Units practise dispersing, camouflaging vehicles and moving at night. Drone operator courses have expanded, and some armies are creating drone platoons within infantry battalions.

### Procurement

Traditional procurement processes are poorly suited to equipment that may be obsolete within months. Some countries have created fast-track procedures for drones and counter-drone systems and are buying in smaller, more frequent batches.

### Air defence at the tactical level

Short-range air defence, neglected for decades, is again a priority. Armies are buying gun systems, missiles and electronic warfare equipment to protect units against drones, and are experimenting with interceptor drones.

> "In Ukraine, a battalion commander who doesn't understand drones will lose his battalion," a European army officer involved in training Ukrainian troops said.

## The limits of copying

Analysts warn against assuming that NATO would fight the same way. Allied forces would expect to have greater air power and long-range strike capabilities, which could change the dynamics considerably. But they agree that the era of uncontested movement on the battlefield is over.

## What's next?

Expect drones to feature prominently in upcoming budgets and exercises, along with growing investment in counter-drone systems. Related: our [land warfare coverage](/category/land).`,
    category: "analysis",
    contentTier: "detailed_report",
    author: "Priya Raman",
    imageUrl: "/images/sample/soldiers.svg",
    imageAlt: "Illustration of soldiers in camouflage operating a small reconnaissance drone in a field",
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 95,
  },
  {
    title: "Is the Arctic Becoming the Next Contested Theatre?",
    slug: "is-the-arctic-becoming-the-next-contested-theatre",
    excerpt: "Melting ice, new shipping routes and NATO's enlargement are changing the strategic geography of the High North. The military build-up is real, but so are the limits imposed by the environment.",
    content: `The Arctic has long been described as a region of "high north, low tension". That description is increasingly difficult to sustain. Russia has reopened and modernised Soviet-era bases, NATO has expanded to include Finland and Sweden, and China has declared itself a "near-Arctic state" with growing interests in the region.

## Why the Arctic matters militarily

- **Nuclear deterrence:** Russia's ballistic missile submarines are based on the Kola Peninsula, making the surrounding seas vital to its strategic forces
- **Transatlantic links:** the Greenland-Iceland-UK gap is a key chokepoint for submarines heading into the Atlantic
- **Missile warning:** early warning radars in Greenland and Alaska are part of North American air defence
- **Shipping routes:** the Northern Sea Route could eventually shorten voyages between Europe and Asia

## What's changed?

### Finland and Sweden in NATO

The accession of Finland and Sweden has transformed NATO's position in the north. The alliance now has a long land border with Russia in the Arctic, as well as strong Nordic air forces and deep expertise in cold-weather operations.

### Russian posture

Russia has built or refurbished airfields, radar stations and air defence sites along its northern coast. However, many of its ground forces in the region have been drawn down by the war in Ukraine, according to Western assessments.

## The limits of competition

The Arctic environment remains extraordinarily difficult. Extreme cold, darkness and distance complicate military operations and make infrastructure costly. Ice conditions vary from year to year, and the Northern Sea Route is still seasonal for most vessels.

> "The Arctic punishes anyone who underestimates it, friend or foe," a Norwegian officer said during a recent exercise.

## Where this could lead

Tensions in the region are likely to remain tied to wider relations between Russia and the West rather than to Arctic disputes themselves. NATO is likely to increase exercises, surveillance and infrastructure in the north, while avoiding steps that could be seen as provocative. For more, read our [naval coverage](/category/sea).`,
    category: "analysis",
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    imageUrl: "/images/sample/map.svg",
    imageAlt: "Stylised map of the Arctic region showing the Northern Sea Route and the Greenland-Iceland-UK gap",
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 180,
  },
  {
    title: "Five Questions About the New Defense Budget Request",
    slug: "five-questions-about-the-new-defense-budget-request",
    excerpt: "The administration's budget request is out. Here are five questions that will shape how Congress responds, from shipbuilding to munitions and the timing of appropriations.",
    content: `The administration has released its defense budget request for the coming fiscal year. Here are five questions that will shape the debate in Congress over the coming months.

### 1. Is the topline enough?

The request increases defense spending in nominal terms, but inflation eats into much of the growth. Defence hawks in both parties argue that the request does not keep pace with the threats identified in the national defense strategy. Others say the department must first show it can spend existing funds efficiently and pass a clean audit.

### 2. What happens to shipbuilding?

The Navy's request funds fewer ships than lawmakers from shipbuilding states had hoped. Expect efforts to add ships during markup, particularly attack submarines and amphibious vessels.

### 3. Are munitions getting the priority they need?

Multiyear procurement for missiles remains a priority. The key question is whether funding matches the capacity industry is building, or whether new production lines will sit partly idle.

### 4. Where are the cuts?

To fund its priorities, the department proposes retiring older aircraft and ships. Such proposals have often been rejected by Congress in the past, particularly when local bases and jobs are affected.

### 5. Will there be a budget on time?

Given recent history, a continuing resolution at the start of the fiscal year is likely. The longer it lasts, the more new programmes will be delayed.

**Bottom line:** the budget request is the start of the debate, not the end. Follow our [politics coverage](/category/politics) for updates as committees mark up their bills.`,
    category: "analysis",
    contentTier: "news_brief",
    author: null,
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 300,
  },
  {
    title: "Space as a Warfighting Domain: How Militaries Are Preparing for Conflict in Orbit",
    slug: "space-as-a-warfighting-domain-how-militaries-are-preparing-for-conflict-in-orbit",
    excerpt: "From counter-space weapons to resilient constellations, armed forces now treat space as a domain of conflict. What that means for deterrence, alliances and the commercial sector.",
    content: `Space has been militarised for decades, with satellites providing communications, navigation, early warning and intelligence. What has changed is the expectation that space itself could become a battlefield. Militaries now openly discuss how to protect their satellites and, in some cases, how to deny adversaries the use of theirs.

## The threat picture

Western governments have identified a growing range of counter-space capabilities:

- **Direct-ascent anti-satellite missiles**, demonstrated in destructive tests by several countries
- **Co-orbital systems** capable of approaching and potentially interfering with other satellites
- **Ground-based jammers and lasers** targeting communications and imaging satellites
- **Cyber attacks** on ground stations and satellite control systems

A destructive anti-satellite test conducted by Russia in 2021 created more than a thousand pieces of trackable debris, drawing international condemnation and prompting a number of countries to commit not to conduct such tests.

## Resilience through numbers

A major response has been to move from a few large, expensive satellites toward larger constellations of smaller ones. The U.S. Space Force's proliferated architecture, for example, relies on hundreds of satellites in low Earth orbit for data transport and missile tracking.

### Allied efforts

- France and Germany have created space commands and announced investments in satellite protection
- The United Kingdom has published a defence space strategy and invested in surveillance satellites
- Japan has expanded its space operations units and is working on missile-tracking capabilities
- NATO has recognised space as an operational domain and established a space centre

## Deterrence and norms

Space deterrence is complicated by the difficulty of attribution and the dual-use nature of many technologies. Several countries have promoted norms of responsible behaviour, including the moratorium on destructive anti-satellite tests.

> "The best outcome is that conflict never extends to space. The way to get there is to make attacking satellites pointless, not just dangerous," a European space official said.

## What's next?

Expect more investment in space domain awareness, manoeuvrable satellites and commercial partnerships. See also our [intelligence coverage](/category/intelligence).`,
    category: "analysis",
    contentTier: "detailed_report",
    author: "Tom Becker",
    imageUrl: null,
    imageAlt: null,
    isBreaking: false,
    isPremium: false,
    status: "published",
    hoursAgo: 450,
  },
];
